import { authorize, type Actor } from '../accounts/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { UserRepository } from '../users/index.ts';
import { dashboardCsv } from './dashboard-csv.ts';
import {
  PERIOD_DAYS,
  type DashboardQuery,
  type Period,
  type TrendingSearchesQuery,
} from './dashboard-input.schema.ts';
import { presentSeries, presentSource, presentTopGif, totalsOf } from './dashboard.presenter.ts';
import type { DashboardRepository, DashboardScope } from './dashboard.repository.ts';

const TOP_GIFS = 10;

export type CreatorDashboard = Awaited<ReturnType<DashboardService['dashboard']>>;

/**
 * A creator's figures, from the roll-ups only: views, clicks, shares and favorites per day,
 * by source and by GIF; the searches that showed their GIFs; their uploads not showing. Only
 * the creator and staff may read them.
 */
export class DashboardService {
  readonly #deps: { dashboards: DashboardRepository; users: UserRepository; publicUrl: string };
  constructor(deps: { dashboards: DashboardRepository; users: UserRepository; publicUrl: string }) {
    this.#deps = deps;
  }

  /**
   * The creator named, once the actor may read their figures. An unknown name is 403 to a
   * user (as anyone else's would be: no way to probe names) and 404 to staff.
   */
  async #creator(actor: Actor | null, username: string) {
    const user = await this.#deps.users.findByUsername(username);
    authorize(actor, 'analytics.view', { ownerId: user?.id ?? null });
    if (!user) throw new AppError('not_found', 'No user with that name.');
    return user;
  }

  #scope(userId: string, period: Period, gifId?: string) {
    const today = new Date().toISOString().slice(0, 10);
    const since = new Date(Date.now() - (PERIOD_DAYS[period] - 1) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    return { scope: { userId, since, gifId } satisfies DashboardScope, today };
  }

  async dashboard(actor: Actor | null, query: DashboardQuery) {
    const user = await this.#creator(actor, query.username);
    const { scope, today } = this.#scope(user.id, query.period, query.gif_id);
    const { dashboards, publicUrl } = this.#deps;
    const [days, sources, top] = await Promise.all([
      dashboards.byDay(scope),
      dashboards.bySource(scope),
      dashboards.topGifs(scope, TOP_GIFS),
    ]);
    return {
      username: user.username,
      period: query.period,
      gif_id: query.gif_id ?? null,
      since: scope.since,
      totals: totalsOf(days),
      series: presentSeries(days, scope.since, today),
      sources: sources.map(presentSource),
      top_gifs: top.map((row) => presentTopGif(row, publicUrl)),
    };
  }

  async trendingSearches(actor: Actor | null, query: TrendingSearchesQuery) {
    const user = await this.#creator(actor, query.username);
    const { scope } = this.#scope(user.id, query.period, query.gif_id);
    return this.#deps.dashboards.searches(scope, query.limit);
  }

  /** The dashboard's figures and the searches that led to the GIFs, as CSV. */
  async csv(actor: Actor | null, query: DashboardQuery): Promise<string> {
    const dashboard = await this.dashboard(actor, query);
    const searches = await this.trendingSearches(actor, { ...query, limit: 100 });
    return dashboardCsv(dashboard, searches);
  }

  /** Uploads not showing (processing, held, failed, taken down), with the reason when known. */
  async uploads(actor: Actor | null, username: string) {
    const user = await this.#creator(actor, username);
    return this.#deps.dashboards.unlisted(user.id, 100);
  }
}
