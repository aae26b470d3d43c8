import type { FastifyInstance } from 'fastify';
import type { AccountService } from '../accounts/account.service.ts';
import type { ApiTokenRepository } from '../accounts/api-token.repository.ts';
import { currentUser } from '../accounts/current-user.ts';
import { parseInput } from '../http/parse-input.ts';
import {
  dashboardQuery,
  dashboardUploadsQuery,
  trendingSearchesQuery,
} from './dashboard-input.schema.ts';
import { presentUpload } from './dashboard.presenter.ts';
import type { DashboardService } from './dashboard.service.ts';

/**
 * The creator dashboard's API (issue 24): figures over time, by source and by GIF, as JSON or
 * CSV; the searches that surfaced the creator's GIFs; uploads not showing. The creator and
 * staff only; never cached anywhere.
 */
export function dashboardRoutes(
  app: FastifyInstance,
  deps: { dashboards: DashboardService; accounts: AccountService; tokens: ApiTokenRepository },
): void {
  const caller = (request: Parameters<typeof currentUser>[0]) =>
    currentUser(request, deps.accounts, deps.tokens);

  app.get('/api/v1/analytics/dashboard/', async (request, reply) => {
    const query = parseInput(dashboardQuery, request.query);
    const data = await deps.dashboards.dashboard(await caller(request), query);
    return reply.header('cache-control', 'private, no-store').send({ data });
  });

  app.get('/api/v1/analytics/dashboard/csv/', async (request, reply) => {
    const query = parseInput(dashboardQuery, request.query);
    const csv = await deps.dashboards.csv(await caller(request), query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="jiffy-dashboard-${query.username.replace(/[^\w-]/g, '')}-${query.period}.csv"`,
      )
      .header('cache-control', 'private, no-store')
      .send(csv);
  });

  app.get('/api/v1/analytics/dashboard-trending-searches/', async (request, reply) => {
    const query = parseInput(trendingSearchesQuery, request.query);
    const data = await deps.dashboards.trendingSearches(await caller(request), query);
    return reply.header('cache-control', 'private, no-store').send({ data });
  });

  app.get('/api/v1/analytics/dashboard-uploads/', async (request, reply) => {
    const { username } = parseInput(dashboardUploadsQuery, request.query);
    const rows = await deps.dashboards.uploads(await caller(request), username);
    return reply
      .header('cache-control', 'private, no-store')
      .send({ data: rows.map(presentUpload) });
  });
}
