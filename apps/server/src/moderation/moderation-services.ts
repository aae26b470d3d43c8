import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema.ts';
import type { GifReadService } from '../gifs/gif-read.service.ts';
import type { RenditionRepository } from '../gifs/rendition.repository.ts';
import type { CachePurge } from '../lib/cache-purge.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PublicGifService } from '../public-api/public-gifs.service.ts';
import type { ReportRepository } from '../reports/report.repository.ts';
import type { BlobStorage } from '../storage/blob-storage.ts';
import type { UserRepository } from '../users/user.repository.ts';
import type { AutomaticFlagRepository } from './automatic-flag.repository.ts';
import { AuditLogRepository } from './audit-log.repository.ts';
import { FlagRepository } from './flag.repository.ts';
import { ModerationActionService } from './moderation-actions.service.ts';
import { ModerationService } from './moderation.service.ts';
import { QueueRepository } from './queue.repository.ts';
import { QueueService } from './queue.service.ts';
import { SearchReportRepository } from './search-report.repository.ts';
import { SearchReportService } from './search-report.service.ts';
import { TakedownRepository } from './takedown.repository.ts';

/** The moderation services, wired over one set of repositories (createServices calls this). */
export function createModerationServices(deps: {
  db: Kysely<Database>;
  users: UserRepository;
  reports: ReportRepository;
  automaticFlags: AutomaticFlagRepository;
  auditLog: AuditLogRepository;
  storage: BlobStorage;
  renditions: RenditionRepository;
  reads: GifReadService;
  /** Searches a search report names, as the public API answers them. */
  search: PublicGifService;
  mailer: Mailer;
  purge: CachePurge;
  /** Tells other nodes to purge a GIF from what they keep (a no-op with one process). */
  announce: (trx: Transaction<Database>, gifId: string) => Promise<void>;
  retentionDays: number;
  publicUrl: string;
  log: Logger;
}): {
  moderation: ModerationService;
  moderationActions: ModerationActionService;
  searchReports: SearchReportService;
  moderationQueue: QueueService;
} {
  const { db, auditLog, reports, purge, announce, log } = deps;
  const takedowns = new TakedownRepository(db);
  const searchReports = new SearchReportRepository(db);
  const moderation = new ModerationService({
    db,
    takedowns,
    auditLog,
    reports,
    users: deps.users,
    storage: deps.storage,
    mailer: deps.mailer,
    purge,
    retentionDays: deps.retentionDays,
    announce,
    publicUrl: deps.publicUrl,
    log,
  });
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
