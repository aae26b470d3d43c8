import type { GifReadService, RenditionRepository } from '../gifs/index.ts';
import type { PublicGifService } from '../public-api/index.ts';
import type { AutomaticFlagRepository } from '../content-safety/index.ts';
import { FlagRepository } from './flag.repository.ts';
import { ModerationActionService } from './moderation-actions.service.ts';
import { ModerationService, type ModerationDeps } from './moderation.service.ts';
import { QueueRepository } from './queue.repository.ts';
import { QueueService } from './queue.service.ts';
import { SearchReportRepository } from './search-report.repository.ts';
import { SearchReportService } from './search-report.service.ts';
import { TakedownRepository } from './takedown.repository.ts';

/** The moderation services, wired over one set of repositories (createServices calls this). */
export function createModerationServices(
  deps: Omit<ModerationDeps, 'takedowns'> & {
    automaticFlags: AutomaticFlagRepository;
    renditions: RenditionRepository;
    reads: GifReadService;
    /** Searches a search report names, as the public API answers them. */
    search: PublicGifService;
  },
): {
  moderation: ModerationService;
  moderationActions: ModerationActionService;
  searchReports: SearchReportService;
  moderationQueue: QueueService;
} {
  const { db, auditLog, reports, purge, announce, log } = deps;
  const takedowns = new TakedownRepository(db);
  const searchReports = new SearchReportRepository(db);
  const moderation = new ModerationService({ ...deps, takedowns });
  return {
    moderation,
    moderationActions: new ModerationActionService({
      db,
      moderation,
      takedowns,
      flags: new FlagRepository(db),
      automaticFlags: deps.automaticFlags,
      reports,
      searchReports,
      auditLog,
      purge,
      announce,
      log,
    }),
    searchReports: new SearchReportService({
      reports: searchReports,
      search: deps.search,
      db,
      auditLog,
    }),
    moderationQueue: new QueueService({
      queue: new QueueRepository(db),
      reads: deps.reads,
      renditions: deps.renditions,
      storage: deps.storage,
    }),
  };
}
