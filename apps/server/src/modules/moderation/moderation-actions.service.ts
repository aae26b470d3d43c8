import type { Logger } from 'pino';
import type { ReportReason } from '@jiffy/contracts';
import type { Kysely, Transaction } from 'kysely';
import { authorize, type Actor } from '../accounts/index.ts';
import type { AuditAction, Database, GifRow, GifType, Rating } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { CachePurge } from '../../platform/lib/cache-purge.ts';
import type { ReportRepository } from '../reports/index.ts';
import type { AuditLogRepository } from '../audit-log/index.ts';
import type { AutomaticFlagRepository } from '../content-safety/index.ts';
import type { FlagRepository, FlagRow } from './flag.repository.ts';
import type { ModerationService } from './moderation.service.ts';
import type { SearchReportRepository } from './search-report.repository.ts';
import type { TakedownRepository } from './takedown.repository.ts';

/** A moderator's decision about one GIF (`POST /api/v1/gifs/:id/moderation` with an action). */
export type ModerationAction =
  | { action: 'approve' | 'dismiss' }
  | { action: 'set_rating'; rating: Rating }
  | { action: 'set_sticker'; is_sticker: boolean }
  | { action: 'take_down'; reason: ReportReason; note: string; send_email: boolean }
  | { action: 'restore' };

export interface FlagInput {
  reason: ReportReason;
  rating: Rating | null;
  note: string;
}

/** What an action did, for the moderator who took it. */
export interface ActionOutcome {
  gifId: string;
  action: ModerationAction['action'];
  status: GifRow['status'];
  rating: Rating;
  type: GifType;
  reportsResolved: number;
  flagsResolved: number;
  searchReportResolved: boolean;
  emailed: boolean | null;
}

export interface ModerationActionDeps {
  db: Kysely<Database>;
  moderation: ModerationService;
  takedowns: TakedownRepository;
  flags: FlagRepository;
  automaticFlags: AutomaticFlagRepository;
  reports: ReportRepository;
  searchReports: SearchReportRepository;
  auditLog: AuditLogRepository;
  purge: CachePurge;
  announce: (trx: Transaction<Database>, gifId: string) => Promise<void>;
  log: Logger;
}

/** What the audit log keeps of a GIF before and after a decision. */
const snapshot = (gif: GifRow) => ({
  status: gif.status,
  title: gif.title,
  type: gif.type,
  rating: gif.rating,
  user_id: gif.user_id,
  tags: gif.tags,
});

const auditAction: Record<'approve' | 'dismiss' | 'set_rating' | 'set_sticker', AuditAction> = {
  approve: 'gif.approve',
  dismiss: 'gif.dismiss',
  set_rating: 'gif.set_rating',
  set_sticker: 'gif.set_sticker',
};

/**
 * Flags by signed-in users, and moderators' decisions about a GIF. Each decision changes the
 * GIF, resolves the reports and flags it covers (and the search report it names) and writes the
 * audit log in one transaction with the GIF locked; a change of what the GIF shows (rating,
 * sticker, approval of a held upload) then purges every kept answer before the request answers.
 * Takedowns and restores are ModerationService's, which this delegates to.
 */
export class ModerationActionService {
  readonly #deps: ModerationActionDeps;
  constructor(deps: ModerationActionDeps) {
    this.#deps = deps;
  }

  /** Flags a ready GIF for review, or updates the actor's open flag of it. */
  async flag(
    actor: Actor | null,
    gifId: string,
    input: FlagInput,
  ): Promise<{ flag: FlagRow; created: boolean }> {
    if (!actor) throw new AppError('not_signed_in', 'Sign in to flag a GIF.');
    const outcome = await this.#deps.flags.upsert({
      gifId,
      flaggerUserId: actor.id,
      reason: input.reason,
      suggestedRating: input.rating,
      note: input.note,
    });
    if (!outcome) throw new AppError('gif_not_found', 'No GIF with that id.');
    return outcome;
  }

  /** Carries out a moderator's decision about GIF `gifId`. */
  async act(
    actor: Actor | null,
    gifId: string,
    decision: ModerationAction,
    searchReportId: number | null,
  ): Promise<ActionOutcome> {
    if (decision.action === 'restore') {
      const gif = await this.#deps.moderation.restore(actor, gifId);
      return { ...this.#outcome(gif, decision, 0, 0, false), emailed: null };
    }
    authorize(actor, 'gif.moderate');
    if (decision.action === 'take_down')
      return this.#takeDown(actor, gifId, decision, searchReportId);
    const { db, takedowns, auditLog } = this.#deps;
    const result = await db.transaction().execute(async (trx) => {
      const gif = await takedowns.lockGif(trx, gifId);
      assertDecidable(gif);
      const changes = changesOf(gif, decision);
      const after = { ...gif, ...changes };
      if (Object.keys(changes).length > 0) await takedowns.setShown(trx, gif.id, changes);
      const resolved = await this.#resolve(trx, actor, gif.id, decision.action, searchReportId);
      await auditLog.write(trx, {
        actorUserId: actor.id,
        action: auditAction[decision.action],
        gifId: gif.id,
        before: snapshot(gif),
        after: {
          ...snapshot(after),
          reports_resolved: resolved.reports,
          flags_resolved: resolved.flags,
          ...(searchReportId === null ? {} : { search_report_id: searchReportId }),
        },
      });
      const shownChanged = Object.keys(changes).length > 0;
      if (shownChanged) await this.#deps.announce(trx, gif.id);
      return { after, resolved, shownChanged };
    });
    if (result.shownChanged) this.#deps.purge.purge(gifId);
    const { after, resolved } = result;
    return {
      ...this.#outcome(after, decision, resolved.reports, resolved.flags, resolved.searchReport),
      emailed: null,
    };
  }

  /**
   * Delegates to ModerationService.takedown (which resolves the GIF's reports in its
   * transaction), then resolves its flags and the named search report in a second one: a
   * takedown that stands with a flag still open is harmless (the queue shows the GIF removed),
   * one refused for want of a flag would not be.
   */
  async #takeDown(
    actor: Actor,
    gifId: string,
    decision: Extract<ModerationAction, { action: 'take_down' }>,
    searchReportId: number | null,
  ): Promise<ActionOutcome> {
    if (searchReportId !== null) await this.#assertSearchReportShows(searchReportId, gifId);
    const input = {
      gifId,
      reason: decision.reason,
      note: decision.note,
      sendEmail: decision.send_email,
    };
    // A held upload (pre-moderation) is refused this way: the same takedown, never listed.
    const held = await this.#deps.takedowns.isHeld(gifId);
    const outcome = held
      ? await this.#deps.moderation.takedownHeld(actor, input)
      : await this.#deps.moderation.takedown(actor, input);
    const extra = await this.#deps.db
      .transaction()
      .execute((trx) => this.#resolve(trx, actor, gifId, 'take_down', searchReportId));
    const gif = await this.#deps.takedowns.gif(gifId);
    if (!gif) throw new AppError('gif_not_found', 'No GIF with that id.');
    return {
      ...this.#outcome(
        gif,
        decision,
        outcome.reportsResolved + extra.reports,
        extra.flags,
        extra.searchReport,
      ),
      emailed: outcome.emailed,
    };
  }

  async #assertSearchReportShows(id: number, gifId: string): Promise<void> {
    if (!(await this.#deps.searchReports.isOpenShowing(id, gifId))) throw searchReportNotFound();
  }

  /** Resolves what a decision about the GIF covers; refuses a search report it cannot settle. */
  async #resolve(
    trx: Transaction<Database>,
    actor: Actor,
    gifId: string,
    resolution: string,
    searchReportId: number | null,
  ): Promise<{ reports: number; flags: number; searchReport: boolean }> {
    const searchReport =
      searchReportId !== null &&
      (await this.#deps.searchReports.resolveShowing(
        trx,
        searchReportId,
        gifId,
        actor.id,
        resolution,
      ));
    if (searchReportId !== null && !searchReport) throw searchReportNotFound();
    const reports = await this.#deps.reports.resolveForGif(trx, gifId, actor.id, resolution);
    // Automatic flags count as flags: the pipeline's, rather than a user's.
    const flags =
      (await this.#deps.flags.resolveForGif(trx, gifId, actor.id, resolution)) +
      (await this.#deps.automaticFlags.resolveForGif(trx, gifId, actor.id, resolution));
    return { reports, flags, searchReport };
  }

  #outcome(
    gif: GifRow,
    decision: ModerationAction,
    reportsResolved: number,
    flagsResolved: number,
    searchReportResolved: boolean,
  ): Omit<ActionOutcome, 'emailed'> {
    return {
      gifId: gif.id,
      action: decision.action,
      status: gif.status,
      rating: gif.rating,
      type: gif.type,
      reportsResolved,
      flagsResolved,
      searchReportResolved,
    };
  }
}

const searchReportNotFound = () =>
  new AppError('search_report_not_found', 'No open search report with that id shows this GIF.');

/** Only a GIF that is listed, or held for review, can be decided on. */
function assertDecidable(gif: GifRow | undefined): asserts gif is GifRow {
  if (!gif) throw new AppError('gif_not_found', 'No GIF with that id.');
  if (gif.status === 'removed')
    throw new AppError('gif_already_removed', 'This GIF is taken down; an admin may restore it.');
  if (gif.status === 'processing')
    throw new AppError('gif_processing', 'This GIF is still being processed; try again soon.');
  if (gif.status === 'failed') throw new AppError('gif_not_found', 'No GIF with that id.');
}

/** The columns a decision changes. */
function changesOf(
  gif: GifRow,
  decision: Exclude<ModerationAction, { action: 'take_down' | 'restore' }>,
): Partial<Pick<GifRow, 'status' | 'rating' | 'type'>> {
  switch (decision.action) {
    case 'approve':
      return gif.status === 'pending_review' ? { status: 'ready' } : {};
    case 'dismiss':
      return {};
    case 'set_rating':
      return gif.rating === decision.rating ? {} : { rating: decision.rating };
    case 'set_sticker': {
      if (gif.type === 'video')
        throw new AppError('not_applicable', 'A clip with sound is neither a GIF nor a sticker.');
      const type = decision.is_sticker ? 'sticker' : 'gif';
      return gif.type === type ? {} : { type };
    }
  }
}
