import type { Kysely, Transaction } from 'kysely';
import { authorize, type Actor } from '../accounts/index.ts';
import type { Database, GifRow } from '../../platform/db/schema.ts';
import type { CachePurge } from '../../platform/lib/cache-purge.ts';
import type { GifReadService } from './gif-read.service.ts';
import type { GifRepository } from './gif.repository.ts';

/** A call to action on a GIF: a link and its label. */
export interface Cta {
  link: string;
  text: string;
}

export interface GifCtaDeps {
  db: Kysely<Database>;
  gifs: GifRepository;
  reads: GifReadService;
  purge: CachePurge;
  /** Tells other nodes to purge too, at `trx`'s commit (see moderation/purge-broadcast.ts). */
  announce: (trx: Transaction<Database>, gifId: string) => Promise<void>;
}

/**
 * A GIF's call to action, set or removed by its owner or a moderator. The GIF objects the
 * server kept (answers, their JSON) are forgotten on every node, as after any edit, so lists
 * show the new CTA at once.
 */
export class GifCtaService {
  readonly #deps: GifCtaDeps;

  constructor(deps: GifCtaDeps) {
    this.#deps = deps;
  }

  /** The ready GIF `id`; `gif_not_found` for any other. */
  readyGif(id: string): Promise<GifRow> {
    return this.#deps.reads.readyRow(id);
  }

  /** Refuses an `actor` who may not change `gif`'s CTA (before its new CTA is read). */
  checkMayChange(actor: Actor | null, gif: GifRow): void {
    authorize(actor, 'gif.set_cta', { ownerId: gif.user_id });
  }

  /** Sets (or, with null, removes) the CTA of `gif`, if `actor` may. */
  async set(actor: Actor | null, gif: GifRow, cta: Cta | null): Promise<void> {
    this.checkMayChange(actor, gif);
    await this.#deps.db.transaction().execute(async (trx) => {
      await this.#deps.gifs.update(
        gif.id,
        { cta_link: cta?.link ?? null, cta_text: cta?.text ?? null },
        trx,
      );
      await this.#deps.announce(trx, gif.id);
    });
    this.#deps.purge.purge(gif.id);
  }
}
