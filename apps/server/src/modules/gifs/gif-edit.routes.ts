import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors/app-error.ts';
import {
  extendedGifMetadataAnswer,
  gifEditAnswer,
  gifMetadataAnswer,
  ownGifsAnswer,
  tagCountsAnswer,
  trendingPlacesAnswer,
} from '@jiffy/contracts';
import { gifIdParams } from '../../platform/http/input-schemas.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import {
  editableFields,
  editKeys,
  gifIdsQuery,
  gifUpdateBody,
  ownGifsQuery,
  type EditKey,
  type GifEdit,
} from './gif-edit-input.schema.ts';
import type { GifEditService } from './gif-edit.service.ts';
import {
  presentEditable,
  presentExtendedMetadata,
  presentMetadata,
  presentOwnGif,
  presentTrending,
} from './gif-metadata.presenter.ts';
import type { GifMetadataService } from './gif-metadata.service.ts';

const isEditKey = (key: string): key is EditKey => Object.hasOwn(editableFields, key);

/**
 * Owners' and staff's edits of one field (`POST /ajax/gif/update`), and the metadata calls:
 * tag counts, public metadata, the owner's extended metadata and trending places.
 */
export function gifEditRoutes(
  app: FastifyInstance,
  deps: {
    edits: GifEditService;
    metadata: GifMetadataService;
    mediaBaseUrl: string;
  },
): void {
  const tags = ['Editing'];
  const auth = 'session-or-token';
  const update = documented({
    summary: 'Change one field of a GIF (its owner or staff)',
    description: `\`key\` is one of ${editKeys.join(', ')}; \`value\` that field's new value.`,
    tags,
    body: gifUpdateBody,
    responses: { 200: gifEditAnswer },
    auth,
  });
  app.post('/ajax/gif/update', update, async (request) => {
    const user = request.principal;
    const body = parseInput(gifUpdateBody, request.body ?? {});
    if (!isEditKey(body.key))
      throw new AppError('unknown_edit_key', `key: one of ${editKeys.join(', ')}`);
    const { value } = parseInput(z.object({ value: editableFields[body.key] }), {
      value: body.value,
    });
    const edit = { key: body.key, value } as GifEdit;
    const outcome = await deps.edits.update(user, body.gif_id, edit);
    return { data: { ...presentEditable(outcome.gif), changed: outcome.changed } };
  });

  const tagCounts = documented({
    auth: 'anonymous',
    summary: "How many GIFs carry each of a GIF's tags",
    tags,
    params: gifIdParams,
    responses: { 200: tagCountsAnswer },
  });
  app.get('/ajax/gif/:id/tag-counts', tagCounts, async (request) => {
    const { id } = parseInput(gifIdParams, request.params);
    return { data: await deps.metadata.tagCounts(id) };
  });

  const metadata = documented({
    auth: 'anonymous',
    summary: 'Public metadata of ready GIFs',
    tags,
    query: gifIdsQuery,
    responses: { 200: gifMetadataAnswer },
  });
  app.get('/ajax/gifs/metadata', metadata, async (request) => {
    const { gif_ids } = parseInput(gifIdsQuery, request.query);
    return { data: (await deps.metadata.metadata(gif_ids)).map(presentMetadata) };
  });

  const extended = documented({
    summary: "Extended metadata of the caller's GIFs (all GIFs for staff)",
    tags,
    query: gifIdsQuery,
    responses: { 200: extendedGifMetadataAnswer },
    auth,
  });
  app.get('/ajax/gifs/extended-metadata', extended, async (request) => {
    const user = request.principal;
    const { gif_ids } = parseInput(gifIdsQuery, request.query);
    const records = await deps.metadata.extendedMetadata(user, gif_ids);
    return { data: records.map(presentExtendedMetadata) };
  });

  // The owner's editing page lists every GIF of theirs, also those no public list shows.
  const mine = documented({
    summary: "The caller's GIFs, newest first, whatever their state",
    tags,
    query: ownGifsQuery,
    responses: { 200: ownGifsAnswer },
    auth,
  });
  app.get('/api/v1/users/me/gifs', mine, async (request) => {
    const user = request.principal;
    const { cursor, limit } = parseInput(ownGifsQuery, request.query);
    const page = await deps.metadata.mine(user, { offset: cursor, limit });
    return {
      data: page.gifs.map((gif) => presentOwnGif(gif, deps.mediaBaseUrl)),
      pagination: {
        count: page.gifs.length,
        next_cursor: page.next === null ? null : String(page.next),
      },
    };
  });

  const trending = documented({
    auth: 'anonymous',
    summary: 'Whether GIFs are trending, and where',
    tags,
    query: gifIdsQuery,
    responses: { 200: trendingPlacesAnswer },
  });
  app.get('/ajax/gifs/trending', trending, async (request) => {
    const { gif_ids } = parseInput(gifIdsQuery, request.query);
    return { data: (await deps.metadata.trending(gif_ids)).map(presentTrending) };
  });
}
