import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { JiffyMetrics } from '../../platform/metrics/jiffy-metrics.ts';
import type { UserRepository } from '../users/index.ts';
import { DashboardRepository } from './dashboard.repository.ts';
import { DashboardService } from './dashboard.service.ts';
import { PingbackIngestService } from './pingback-ingest.service.ts';
import { PingbackRepository } from './pingback.repository.ts';
import { RollupRepository } from './rollup.repository.ts';
import { ShareEventRepository } from './share-event.repository.ts';
import { ShareEventService } from './share-event.service.ts';
import { SiteEventRepository } from './site-event.repository.ts';
import { SiteEventService } from './site-event.service.ts';

/** Pingbacks, site and share events, their roll-up and the dashboards (createServices calls this). */
export function createAnalyticsServices(deps: {
  db: Kysely<Database>;
  metrics: JiffyMetrics;
  users: UserRepository;
  publicUrl: string;
  rollupLagSeconds: number;
}) {
  const { db } = deps;
  const pingbacks = new PingbackRepository(db);
  const siteEvents = new SiteEventRepository(db);
  return {
    pingbacks,
    pingbackIngest: new PingbackIngestService({ pingbacks, metrics: deps.metrics }),
    siteEvents,
    siteEventIngest: new SiteEventService(siteEvents),
    rollups: new RollupRepository(db, { lagSeconds: deps.rollupLagSeconds }),
    dashboards: new DashboardService({
      dashboards: new DashboardRepository(db),
      users: deps.users,
      publicUrl: deps.publicUrl,
    }),
    shares: new ShareEventService(new ShareEventRepository(db)),
  };
}
