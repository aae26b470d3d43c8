import type { FastifyInstance } from 'fastify';
import { dashboardAnswer, dashboardSearchesAnswer, dashboardUploadsAnswer } from '@jiffy/contracts';
import { z } from 'zod';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import {
  dashboardQuery,
  dashboardUploadsQuery,
  trendingSearchesQuery,
} from './dashboard-input.schema.ts';
import { presentUpload } from './dashboard.presenter.ts';
import type { DashboardService } from './dashboard.service.ts';

/**
 * The creator dashboard's API: figures over time, by source and by GIF, as JSON or
 * CSV; the searches that surfaced the creator's GIFs; uploads not showing. The creator and
 * staff only; never cached anywhere.
 */
export function dashboardRoutes(
  app: FastifyInstance,
  deps: { dashboards: DashboardService },
): void {
  const tags = ['Analytics'];
  const auth = 'session-or-token';
  const dashboard = documented({
    summary: "A creator's figures over time, by source and by GIF (the creator or staff)",
    tags,
    query: dashboardQuery,
    responses: { 200: dashboardAnswer },
    auth,
  });
  app.get('/api/v1/analytics/dashboard/', dashboard, async (request, reply) => {
    const query = parseInput(dashboardQuery, request.query);
    const data = await deps.dashboards.dashboard(request.principal, query);
    return reply.header('cache-control', 'private, no-store').send({ data });
  });

  const csv = documented({
    summary: "The dashboard's figures and the searches that led to the GIFs, as CSV",
    tags,
    query: dashboardQuery,
    responses: { 200: z.string() },
    produces: 'text/csv',
    auth,
  });
  app.get('/api/v1/analytics/dashboard/csv/', csv, async (request, reply) => {
    const query = parseInput(dashboardQuery, request.query);
    const csv = await deps.dashboards.csv(request.principal, query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="jiffy-dashboard-${query.username.replace(/[^\w-]/g, '')}-${query.period}.csv"`,
      )
      .header('cache-control', 'private, no-store')
      .send(csv);
  });

  const searches = documented({
    summary: "The searches that surfaced a creator's GIFs",
    tags,
    query: trendingSearchesQuery,
    responses: { 200: dashboardSearchesAnswer },
    auth,
  });
  app.get('/api/v1/analytics/dashboard-trending-searches/', searches, async (request, reply) => {
    const query = parseInput(trendingSearchesQuery, request.query);
    const data = await deps.dashboards.trendingSearches(request.principal, query);
    return reply.header('cache-control', 'private, no-store').send({ data });
  });

  const uploads = documented({
    summary: "A creator's uploads not showing, and why",
    tags,
    query: dashboardUploadsQuery,
    responses: { 200: dashboardUploadsAnswer },
    auth,
  });
  app.get('/api/v1/analytics/dashboard-uploads/', uploads, async (request, reply) => {
    const { username } = parseInput(dashboardUploadsQuery, request.query);
    const rows = await deps.dashboards.uploads(request.principal, username);
    return reply
      .header('cache-control', 'private, no-store')
      .send({ data: rows.map(presentUpload) });
  });
}
