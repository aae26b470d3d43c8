import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AccountService } from '../accounts/account.service.ts';
import type { ApiTokenRepository } from '../accounts/api-token.repository.ts';
import { currentUser } from '../accounts/current-user.ts';
import { AppError } from '../errors/app-error.ts';
import { gifIdParams } from '../http/input-schemas.ts';
import { parseInput } from '../http/parse-input.ts';
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
    accounts: AccountService;
    tokens: ApiTokenRepository;
    mediaBaseUrl: string;
  },
): void {
  const actor = (request: Parameters<typeof currentUser>[0]) =>
    currentUser(request, deps.accounts, deps.tokens);

  app.post('/ajax/gif/update', async (request) => {
    const user = await actor(request);
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

  app.get('/ajax/gif/:id/tag-counts', async (request) => {
    const { id } = parseInput(gifIdParams, request.params);
    return { data: await deps.metadata.tagCounts(id) };
  });

  app.get('/ajax/gifs/metadata', async (request) => {
    const { gif_ids } = parseInput(gifIdsQuery, request.query);
    return { data: (await deps.metadata.metadata(gif_ids)).map(presentMetadata) };
  });

  app.get('/ajax/gifs/extended-metadata', async (request) => {
    const user = await actor(request);
    const { gif_ids } = parseInput(gifIdsQuery, request.query);
    const records = await deps.metadata.extendedMetadata(user, gif_ids);
    return { data: records.map(presentExtendedMetadata) };
  });

  // The owner's editing page lists every GIF of theirs, also those no public list shows.
  app.get('/api/v1/users/me/gifs', async (request) => {
    const user = await actor(request);
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

  app.get('/ajax/gifs/trending', async (request) => {
    const { gif_ids } = parseInput(gifIdsQuery, request.query);
    return { data: (await deps.metadata.trending(gif_ids)).map(presentTrending) };
  });
}
