import type { FastifyInstance } from 'fastify';
import { artistsAnswer, teamAnswer } from '@jiffy/contracts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { z } from 'zod';
import type { PresenterUrls } from '../gifs/index.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import { wholeNumber } from '../../platform/http/input-schemas.ts';
import type { DirectoryService } from './directory.service.ts';
import { presentProfile, presentTeamMember } from './profile.presenter.ts';

/**
 * The artists directory: filter by name, sort by updatetime (default) or username, order desc
 * by default.
 */
const artistsQuery = z.looseObject({
  filter: z.string().trim().max(50).optional(),
  /** Only creators who take freelance work; GIPHY's clients send '' when unset. */
  freelance: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  sort: z.enum(['updatetime', 'username']).default('updatetime'),
  order: z.enum(['asc', 'desc']).default('desc'),
  offset: wholeNumber(0, 100_000).default(0),
});

/** The team page takes no parameters: any that come are a client's mistake, refused. */
const teamQuery = z.strictObject({});

/** `GET /api/v4/artists/` (the verified creators directory) and `GET /api/v1/team/`: public. */
export function directoryRoutes(
  app: FastifyInstance,
  deps: { directory: DirectoryService; urls: PresenterUrls },
): void {
  const artists = documented({
    auth: 'anonymous',
    summary: 'Verified creators',
    tags: ['Profiles'],
    query: artistsQuery,
    responses: { 200: artistsAnswer },
  });
  app.get('/api/v4/artists/', artists, async (request) => {
    const query = parseInput(artistsQuery, request.query);
    const page = await deps.directory.artists({ ...query, filter: query.filter || null });
    return {
      data: page.rows.map((u) => presentProfile(u, deps.urls, false)),
      pagination: { total_count: page.total, count: page.rows.length, offset: page.offset },
      next_offset: page.next,
    };
  });

  const team = documented({
    auth: 'anonymous',
    summary: "The instance's team: its admins and moderators with public profiles",
    tags: ['Profiles'],
    query: teamQuery,
    responses: { 200: teamAnswer },
  });
  app.get('/api/v1/team/', team, async (request) => {
    parseInput(teamQuery, request.query);
    const members = await deps.directory.team();
    return { data: members.map((u) => presentTeamMember(u, deps.urls)) };
  });
}
