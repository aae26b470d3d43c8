import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import { can, type Actor } from '../accounts/index.ts';
import type { Database, GifRow, GifUpdate } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { CachePurge } from '../../platform/lib/cache-purge.ts';
import { gifSlug } from '../../platform/lib/ids.ts';
import type { AuditLogRepository } from '../audit-log/index.ts';
import type { EditKey, GifEdit } from './gif-edit-input.schema.ts';
import type { GifRepository } from './gif.repository.ts';

export interface GifEditDeps {
  db: Kysely<Database>;
  gifs: GifRepository;
  auditLog: AuditLogRepository;
  purge: CachePurge;
  /** Tells other nodes to purge too, at `trx`'s commit (see moderation/purge-broadcast.ts). */
  announce: (trx: Transaction<Database>, gifId: string) => Promise<void>;
  log: Logger;
}

/** What an edit did: the GIF as it is now, and whether anything changed. */
export interface EditOutcome {
  gif: GifRow;
  changed: boolean;
}

/** The field as the edit call names it, read from the row. */
function fieldOf(gif: GifRow, key: EditKey): unknown {
  switch (key) {
    case 'is_sticker':
      return gif.type === 'sticker';
    default:
      return gif[key];
  }
}

/** The column changes that set the field. */
function changesFor(gif: GifRow, edit: GifEdit): GifUpdate {
  switch (edit.key) {
    case 'is_sticker':
      // A video stays a video unless it is made a sticker.
      return { type: edit.value ? 'sticker' : gif.type === 'sticker' ? 'gif' : gif.type };
    case 'tags':
      return { tags: edit.value };
    case 'title':
      // The slug is the title's words and the id: it follows the title, or every link shown
      // (GIF objects' url, the dashboard's top GIFs) keeps the upload's title. Old links still
      // open the page, which reads only the id at the slug's end.
      return { title: edit.value, slug: gifSlug(edit.value, gif.id) };
    default:
      return { [edit.key]: edit.value };
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Owners' (and staff's) edits of a GIF's title, tags, alt text, source, rating, sticker flag
 * and language. Each edit changes the row and writes the audit log in one transaction with the
 * row locked; the search postings follow from the row by trigger (migration 0014), and every
 * kept answer forgets the GIF before the request answers (CachePurge), so the edit shows at once.
 */
export class GifEditService {
  readonly #deps: GifEditDeps;

  constructor(deps: GifEditDeps) {
    this.#deps = deps;
  }

  /**
   * Sets one field. Someone who may not edit the GIF learns no more than a visitor: 403 for a
   * GIF anyone can see, 404 otherwise.
   */
  async update(actor: Actor | null, gifId: string, edit: GifEdit): Promise<EditOutcome> {
    if (!actor) throw new AppError('not_signed_in', 'Sign in to edit a GIF.');
    const { db, gifs, auditLog } = this.#deps;
    const outcome = await db.transaction().execute(async (trx) => {
      const gif = await gifs.lockById(trx, gifId);
      const mayEdit = gif && can(actor, 'gif.edit', { ownerId: gif.user_id });
      if (!gif || (!mayEdit && gif.status !== 'ready'))
        throw new AppError('gif_not_found', 'No GIF with that id.');
      if (!mayEdit) throw new AppError('forbidden', 'Only its owner or a moderator may edit it.');
      if (gif.status === 'removed')
        throw new AppError('gif_already_removed', 'This GIF was taken down by a moderator.');
      if (gif.status === 'processing')
        throw new AppError('gif_processing', 'This GIF is still being processed; try again soon.');
      const before = fieldOf(gif, edit.key);
      const changes = changesFor(gif, edit);
      const edited: GifRow = { ...gif, ...changes } as GifRow;
      const after = fieldOf(edited, edit.key);
      if (same(before, after)) return { gif, changed: false };
      await gifs.update(gif.id, changes, trx);
      await auditLog.write(trx, {
        actorUserId: actor.id,
        action: 'gif.edit',
        gifId: gif.id,
        before: { [edit.key]: before },
        after: { [edit.key]: after },
      });
      await this.#deps.announce(trx, gif.id);
      return { gif: edited, changed: true };
    });
    if (outcome.changed) {
      this.#deps.purge.purge(gifId);
      this.#deps.log.info({ gif_id: gifId, key: edit.key, by: actor.id }, 'GIF edited');
    }
    return outcome;
  }
}
