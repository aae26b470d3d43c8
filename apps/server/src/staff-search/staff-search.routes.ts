import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AccountService } from '../accounts/account.service.ts';
import type { ApiTokenRepository } from '../accounts/api-token.repository.ts';
import { currentUser } from '../accounts/current-user.ts';
import { parseInput } from '../http/parse-input.ts';
import { staffFilters, staffSearchQuery } from './staff-search-input.schema.ts';
import type { StaffSearchService } from './staff-search.service.ts';

/**
 * Staff content search (§7): `GET /api/v1/search-service/search/` answers a page with its
 * count and keywords; `GET` and `POST /api/v1/search-service/csv/` stream every match as CSV.
 */
export function staffSearchRoutes(
  app: FastifyInstance,
  deps: { staffSearch: StaffSearchService; accounts: AccountService; tokens: ApiTokenRepository },
): void {
  const caller = (request: Parameters<typeof currentUser>[0]) =>
    currentUser(request, deps.accounts, deps.tokens);

  app.get('/api/v1/search-service/search/', async (request, reply) => {
    const query = parseInput(staffSearchQuery, request.query);
    const found = await deps.staffSearch.search(await caller(request), query);
    return reply.header('cache-control', 'private, no-store').send(found);
  });

  const sendCsv = (reply: FastifyReply, chunks: AsyncGenerator<string>) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="jiffy-gifs.csv"')
      .header('cache-control', 'private, no-store')
      .send(Readable.from(chunks));

  app.get('/api/v1/search-service/csv/', async (request, reply) => {
    const filters = parseInput(staffFilters, request.query);
    return sendCsv(reply, deps.staffSearch.csv(await caller(request), filters));
  });
  // The reference client posts its filters as a form or JSON body.
  app.post('/api/v1/search-service/csv/', async (request, reply) => {
    const filters = parseInput(staffFilters, request.body ?? {});
    return sendCsv(reply, deps.staffSearch.csv(await caller(request), filters));
  });
}
