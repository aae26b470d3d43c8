import type { ShareType } from '@jiffy/contracts';
import type { Actor } from '../accounts/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { ShareEventRepository } from './share-event.repository.ts';

/** A share, as its GIF's count of that type afterwards. */
export interface ShareOutcome {
  gifId: string;
  type: ShareType;
  count: number;
}

/**
 * Share events from the site's share buttons: anyone, signed in or not, may count a share of a
 * GIF that is showing (ready); unknown, hidden and removed GIFs are 404, as a visitor sees them.
 */
export class ShareEventService {
  readonly #shares: ShareEventRepository;
  constructor(shares: ShareEventRepository) {
    this.#shares = shares;
  }

  async record(actor: Actor | null, gifId: string, type: ShareType): Promise<ShareOutcome> {
    const count = await this.#shares.record({ gifId, type, userId: actor?.id ?? null });
    if (count === null) throw new AppError('gif_not_found', 'No GIF with that id.');
    return { gifId, type, count };
  }

  /** A GIF's shares by type. */
  countsOf(gifId: string): Promise<Record<string, number>> {
    return this.#shares.countsOf(gifId);
  }
}
