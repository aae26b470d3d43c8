import type { Logger } from 'pino';
import { reportReasons, type ReportReason } from '@jiffy/contracts';
import type { Kysely, Transaction } from 'kysely';
import { authorize, can, type Actor } from '../accounts/index.ts';
import type { Database, GifRow, UserRow } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { CachePurge } from '../../platform/lib/cache-purge.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { ReportRepository } from '../reports/index.ts';
import type { BlobStorage } from '../../platform/storage/blob-storage.ts';
import type { UserRepository } from '../users/index.ts';
import type { AuditLogRepository, AuditRow } from '../audit-log/index.ts';
import type { TakedownRepository, TakedownRow, UploaderTakedown } from './takedown.repository.ts';

const DAY = 24 * 60 * 60 * 1000;

export interface TakedownInput {
  gifId: string;
  reason: ReportReason;
  note: string;
  sendEmail: boolean;
}

/** What a takedown did, for the moderator who made it. */
export interface TakedownOutcome {
  takedown: TakedownRow;
  reportsResolved: number;
  emailed: boolean;
}

export interface ModerationDeps {
  db: Kysely<Database>;
  takedowns: TakedownRepository;
  auditLog: AuditLogRepository;
  reports: ReportRepository;
  users: UserRepository;
  storage: BlobStorage;
  mailer: Mailer;
  purge: CachePurge;
  /** Tells other nodes to purge too, at `trx`'s commit (see purge-broadcast.ts). */
  announce: (trx: Transaction<Database>, gifId: string) => Promise<void>;
  /** How long a takedown's files are kept for a restore (TAKEDOWN_RETENTION_DAYS). */
  retentionDays: number;
  publicUrl: string;
  log: Logger;
}

/** Where a GIF's files live, and where a takedown keeps them until restored or purged. */
const filesOf = (gifId: string) => `gifs/${gifId}`;
const quarantineOf = (gifId: string) => `quarantine/gifs/${gifId}`;

/** What the audit log keeps of a GIF before and after an action. */
function snapshot(gif: GifRow): Record<string, unknown> {
  return {
    status: gif.status,
    title: gif.title,
    type: gif.type,
    rating: gif.rating,
    user_id: gif.user_id,
    tags: gif.tags,
  };
}

const reasonLabel = (reason: string) =>
  reportReasons.find(([value]) => value === reason)?.[1] ?? reason;

/**
 * Takedowns, restores and deletes. Each changes the GIF, resolves what it covers and writes the
 * audit log in one transaction, then purges every kept answer (CachePurge) before the request
 * answers, and moves or deletes the files.
 */
export class ModerationService {
  readonly #deps: ModerationDeps;

  constructor(deps: ModerationDeps) {
    this.#deps = deps;
  }

  /** Takes a ready GIF down: gone from every surface at once, its files quarantined. */
  takedown(actor: Actor | null, input: TakedownInput): Promise<TakedownOutcome> {
    return this.#takeDown(actor, input, {
      listed: true,
      check: (gif) => {
        if (gif?.status === 'removed')
          throw new AppError('gif_already_removed', 'This GIF is already taken down.');
        if (!gif || gif.status !== 'ready')
          throw new AppError('gif_not_found', 'No GIF with that id.');
      },
    });
  }

  /**
   * Takes down an upload held for review (pre-moderation): the moderator's "no". Like
   * `takedown`, but for status 'pending_review', which `takedown` does not accept as it would
   * tell a visitor's view of the GIF apart from a moderator's; an admin's restore makes it ready.
   */
  takedownHeld(actor: Actor | null, input: TakedownInput): Promise<TakedownOutcome> {
    return this.#takeDown(actor, input, {
      // Never listed, so no kept answer holds it and no other node needs telling.
      listed: false,
      check: (gif) => {
        if (!gif || gif.status !== 'pending_review')
          throw new AppError('gif_not_found', 'No GIF held for review with that id.');
      },
    });
  }

  /**
   * The takedown both kinds share: in one transaction the GIF is marked removed, the takedown
   * and its audit entry are written and its reports resolved; then kept answers are purged (for
   * a GIF that was listed), its files leave for the quarantine, and the uploader is mailed.
   */
  async #takeDown(
    actor: Actor | null,
    input: TakedownInput,
    kind: { listed: boolean; check: (gif: GifRow | undefined) => void },
  ): Promise<TakedownOutcome> {
    authorize(actor, 'gif.takedown');
    const { db, takedowns, auditLog, reports } = this.#deps;
    const { gif, takedown, reportsResolved } = await db.transaction().execute(async (trx) => {
      const found = await takedowns.lockGif(trx, input.gifId);
      kind.check(found);
      const gif = found!;
      await takedowns.setStatus(trx, gif.id, 'removed');
      const takedown = await takedowns.insert(trx, {
        gifId: gif.id,
        uploaderUserId: gif.user_id,
        reason: input.reason,
        note: input.note,
        takenDownBy: actor.id,
      });
      const reportsResolved = await reports.resolveForGif(trx, gif.id, actor.id, 'takedown');
      await auditLog.write(trx, {
        actorUserId: actor.id,
        action: 'gif.takedown',
        gifId: gif.id,
        before: snapshot(gif),
        after: {
          ...snapshot({ ...gif, status: 'removed' }),
          reason: input.reason,
          note: input.note,
          send_email: input.sendEmail,
          reports_resolved: reportsResolved,
        },
      });
      if (kind.listed) await this.#deps.announce(trx, gif.id);
      return { gif, takedown, reportsResolved };
    });
    if (kind.listed) this.#deps.purge.purge(gif.id);
    // Media already answers 410 (the status says so); the files now leave the served tree. The
    // takedown stands even if they cannot move: a restore or the purge finds them either way.
    await this.#deps.storage
      .movePrefix(filesOf(gif.id), quarantineOf(gif.id))
      .catch((error: unknown) =>
        this.#deps.log.error(
          { gif_id: gif.id, error: String(error) },
          'could not quarantine takedown files',
        ),
      );
    const emailed = input.sendEmail && (await this.#mailUploader(gif, takedown));
    return { takedown: { ...takedown, emailed }, reportsResolved, emailed };
  }

  /** Brings a taken-down GIF and its files back, visible again at once; admins only. */
  async restore(actor: Actor | null, gifId: string): Promise<GifRow> {
    authorize(actor, 'gif.restore');
    const { db, takedowns, auditLog, storage } = this.#deps;
    const gif = await db.transaction().execute(async (trx) => {
      const gif = await takedowns.lockGif(trx, gifId);
      if (!gif) throw new AppError('gif_not_found', 'No GIF with that id.');
      const takedown = gif.status === 'removed' ? await takedowns.inForce(trx, gifId) : undefined;
      if (!takedown) throw new AppError('gif_not_removed', 'This GIF is not taken down.');
      if (takedown.files_purged_at)
        throw new AppError(
          'gif_not_restorable',
          `Its files were deleted when the quarantine's ${this.#deps.retentionDays} days passed.`,
        );
      // Files first, while the takedown is locked (the purge job skips it): the GIF is ready
      // only once its files are where media is served from.
      await storage.movePrefix(quarantineOf(gifId), filesOf(gifId));
      await takedowns.setStatus(trx, gifId, 'ready');
      await takedowns.markRestored(trx, takedown.id, actor.id);
      await auditLog.write(trx, {
        actorUserId: actor.id,
        action: 'gif.restore',
        gifId,
        before: { ...snapshot(gif), takedown_reason: takedown.reason },
        after: snapshot({ ...gif, status: 'ready' }),
      });
      await this.#deps.announce(trx, gifId);
      return { ...gif, status: 'ready' as const };
    });
    this.#deps.purge.purge(gifId);
    return gif;
  }

  /**
   * Deletes a GIF and its files for good (its owner, a moderator or an admin). Others learn
   * nothing more than a visitor could: 403 for a GIF anyone can see, 404 otherwise.
   */
  async deleteGif(actor: Actor | null, gifId: string): Promise<void> {
    if (!actor) throw new AppError('not_signed_in', 'Sign in to delete a GIF.');
    const { db, takedowns, auditLog, storage } = this.#deps;
    const gif = await db.transaction().execute(async (trx) => {
      const gif = await takedowns.lockGif(trx, gifId);
      // Someone who may not delete it learns no more than a visitor: 404 unless it is public.
      const mayDelete = gif && can(actor, 'gif.delete', { ownerId: gif.user_id });
      if (!gif || (!mayDelete && gif.status !== 'ready'))
        throw new AppError('gif_not_found', 'No GIF with that id.');
      authorize(actor, 'gif.delete', { ownerId: gif.user_id });
      // A takedown's files are kept for a possible restore, whoever asks.
      if (gif.status === 'removed')
        throw new AppError('gif_already_removed', 'This GIF was taken down by a moderator.');
      if (gif.status === 'processing')
        throw new AppError('gif_processing', 'This GIF is still being processed; try again soon.');
      await takedowns.deleteGif(trx, gifId);
      await auditLog.write(trx, {
        actorUserId: actor.id,
        action: 'gif.delete',
        gifId,
        before: snapshot(gif),
        after: null,
      });
      await this.#deps.announce(trx, gifId);
      return gif;
    });
    this.#deps.purge.purge(gif.id);
    await storage
      .deletePrefix(filesOf(gif.id))
      .catch((error: unknown) =>
        this.#deps.log.error(
          { gif_id: gif.id, error: String(error) },
          'could not delete GIF files',
        ),
      );
  }

  /** The signed-in user's GIFs that were taken down, newest first. */
  async myTakedowns(actor: Actor | null): Promise<UploaderTakedown[]> {
    if (!actor) throw new AppError('not_signed_in', 'Sign in to see your takedowns.');
    return this.#deps.takedowns.forUploader(actor.id, 100);
  }

  /** A page of the audit log, newest first; admins only. */
  async auditLogPage(
    actor: Actor | null,
    page: { cursor: number | null; limit: number },
  ): Promise<{ entries: AuditRow[]; nextCursor: number | null }> {
    authorize(actor, 'moderation.audit_log');
    const rows = await this.#deps.auditLog.page({ beforeId: page.cursor, limit: page.limit + 1 });
    const entries = rows.slice(0, page.limit);
    return { entries, nextCursor: rows.length > page.limit ? entries.at(-1)!.id : null };
  }

  /**
   * Deletes the quarantined files of takedowns older than the retention (the periodic job);
   * their GIFs stay removed and can no longer be restored. Returns how many it purged.
   */
  async purgeExpiredQuarantine(now = new Date()): Promise<number> {
    const { db, takedowns, storage } = this.#deps;
    const before = new Date(now.getTime() - this.#deps.retentionDays * DAY);
    let purged = 0;
    for (const candidate of await takedowns.quarantinedBefore(before, 500)) {
      const done = await db.transaction().execute(async (trx) => {
        const takedown = await takedowns.lockQuarantined(trx, candidate.id);
        if (!takedown) return false;
        await storage.deletePrefix(quarantineOf(takedown.gif_id));
        // And whatever a rendition job still running at the takedown wrote after it.
        await storage.deletePrefix(filesOf(takedown.gif_id));
        await takedowns.markPurged(trx, takedown.id);
        return true;
      });
      if (done) purged++;
    }
    return purged;
  }

  /** Mails the uploader the reason and note; false when they have no address or it failed. */
  async #mailUploader(gif: GifRow, takedown: TakedownRow): Promise<boolean> {
    const uploader: UserRow | undefined = gif.user_id
      ? await this.#deps.users.findById(gif.user_id)
      : undefined;
    if (!uploader?.email) return false;
    const title = gif.title || gif.id;
    const lines = [
      `Hello ${uploader.display_name || uploader.username},`,
      '',
      `A moderator took down your GIF "${title}" (${gif.id}).`,
      `Reason: ${reasonLabel(takedown.reason)}`,
      ...(takedown.note ? [`Note from the moderator: ${takedown.note}`] : []),
      '',
      `Your takedowns are listed in your settings: ${this.#deps.publicUrl}/settings`,
    ];
    try {
      await this.#deps.mailer.send({
        to: uploader.email,
        subject: `Your GIF "${title}" was taken down`,
        text: lines.join('\n'),
      });
      await this.#deps.takedowns.markEmailed(takedown.id);
      return true;
    } catch (error) {
      // The takedown stands either way; the moderator's answer says the mail did not go.
      this.#deps.log.warn({ gif_id: gif.id, error: String(error) }, 'takedown e-mail failed');
      return false;
    }
  }
}
