import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { instanceSecret } from '../../platform/lib/instance-secret.ts';
import type { Clock } from '../../platform/lib/clock.ts';
import type { AuditLogRepository } from '../audit-log/index.ts';
import { TrendingSearchModerationService } from './trending-search-moderation.service.ts';
import type { SettingsRepository } from '../../platform/settings/settings.repository.ts';
import { DiscoveryRepository } from './discovery.repository.ts';
import { DiscoveryService } from './discovery.service.ts';
import { SearchVisitorHasher } from './search-visitor-hash.ts';
import { TrendingTermRules } from './trending-term-rules.ts';
import { TrendingTermRulesRepository } from './trending-term-rules.repository.ts';

/**
 * Discovery (autocomplete, related tags, trending searches) with the moderators' rules for
 * trending terms, wired once (createServices calls this).
 */
export function createDiscoveryServices(deps: {
  db: Kysely<Database>;
  settings: SettingsRepository;
  auditLog: AuditLogRepository;
  /** TRENDING_SEARCH_MIN_VISITORS. */
  minVisitors: number;
  clock: Clock;
  /** Tells the other nodes, in a change's transaction, to read the rules again. */
  announceTermRules: (trx: Transaction<Database>) => Promise<void>;
  onError: (error: unknown) => void;
}): {
  discoveryRepository: DiscoveryRepository;
  discovery: DiscoveryService;
  trendingTermRules: TrendingTermRules;
  trendingSearchModeration: TrendingSearchModerationService;
} {
  const discoveryRepository = new DiscoveryRepository(deps.db);
  const rulesRepository = new TrendingTermRulesRepository(deps.db);
  const trendingTermRules = new TrendingTermRules(rulesRepository);
  let secret: Promise<Buffer> | undefined;
  const discovery = new DiscoveryService({
    repo: discoveryRepository,
    rules: trendingTermRules,
    visitors: new SearchVisitorHasher(() => {
      secret ??= instanceSecret(deps.settings, 'search_visitor_secret');
      return secret;
    }),
    minVisitors: deps.minVisitors,
    clock: deps.clock,
    onError: deps.onError,
  });
  return {
    discoveryRepository,
    discovery,
    trendingTermRules,
    trendingSearchModeration: new TrendingSearchModerationService({
      db: deps.db,
      repo: rulesRepository,
      rules: trendingTermRules,
      discovery,
      auditLog: deps.auditLog,
      announce: deps.announceTermRules,
    }),
  };
}
