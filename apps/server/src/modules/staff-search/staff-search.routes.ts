import { Readable } from 'node:stream';
import { csvExportQueuedAnswer, staffSearchAnswer } from '@jiffy/contracts';
import { z } from 'zod';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseInput } from '../../platform/http/parse-input.ts';
import type { CsvExportService } from './csv-export.service.ts';
import { exportParams, staffCsvQuery, staffSearchQuery } from './staff-search-input.schema.ts';
import type { StaffSearchService } from './staff-search.service.ts';

/**
 * Staff content search: `GET /api/v1/search-service/search/` answers a page with its
 * count and keywords; `GET` and `POST /api/v1/search-service/csv/` stream every match as CSV.
 */
export function staffSearchRoutes(
  app: FastifyInstance,
  deps: {
    staffSearch: StaffSearchService;
    csvExports: CsvExportService;
  },
): void {
  const tags = ['Staff search'];
  const auth = 'session-or-token';
  const search = documented({
    summary: 'Search every GIF, whatever its state (moderators)',
    tags,
    query: staffSearchQuery,
    responses: { 200: staffSearchAnswer },
    auth,
  });
  app.get('/api/v1/search-service/search/', search, async (request, reply) => {
    const query = parseInput(staffSearchQuery, request.query);
    const found = await deps.staffSearch.search(request.principal, query);
    return reply.header('cache-control', 'private, no-store').send(found);
  });

  const sendCsv = (reply: FastifyReply, body: AsyncGenerator<string> | Readable) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="jiffy-gifs.csv"')
      .header('cache-control', 'private, no-store')
      .send(body instanceof Readable ? body : Readable.from(body));

  /** The CSV now, streamed; or, with `email`, a job's file sent as a link (202). */
  const csv = async (request: FastifyRequest, reply: FastifyReply, input: unknown) => {
    const { email, ...filters } = parseInput(staffCsvQuery, input ?? {});
    const actor = request.principal;
    if (!email) return sendCsv(reply, deps.staffSearch.csv(actor, filters));
    const queued = await deps.csvExports.request(actor, filters);
    return reply.status(202).send({ data: { status: 'queued', email: queued.email } });
  };
  const csvDoc = (how: 'query' | 'body') =>
    documented({
      summary: `Every GIF the filters find, as CSV (moderators; filters in the ${how})`,
      description: 'With `email`, a job makes the file and mails its link instead (202).',
      tags,
      [how]: staffCsvQuery,
      responses: { 200: z.string(), 202: csvExportQueuedAnswer },
      produces: 'text/csv',
      auth,
    });
  app.get('/api/v1/search-service/csv/', csvDoc('query'), (request, reply) =>
    csv(request, reply, request.query),
  );
  // The reference client posts its filters as a form or JSON body.
  app.post('/api/v1/search-service/csv/', csvDoc('body'), (request, reply) =>
    csv(request, reply, request.body),
  );

  const exported = documented({
    summary: "An e-mailed export's CSV file (the moderator who asked for it, for a day)",
    description: 'The link comes by e-mail when the job has written the file.',
    tags,
    params: exportParams,
    responses: { 200: z.string() },
    produces: 'text/csv',
    auth,
  });
  app.get('/api/v1/search-service/exports/:name', exported, async (request, reply) => {
    const { name } = parseInput(exportParams, request.params);
    const file = await deps.csvExports.open(request.principal, name);
    return sendCsv(reply, file);
  });
}
