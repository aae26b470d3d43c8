import type { GifRepository } from '../gifs/index.ts';

/** How many GIFs an instance holds, by status and type (`instanceStatsAnswer`'s data). */
export interface InstanceStats {
  gifs: { processing: number; ready: number; failed: number; removed: number };
  ready_by_type: { gif: number; sticker: number; video: number };
  renditions_pending: number;
}

/** What an operator watches after a bulk import or the first start's seeding. */
export class InstanceStatsService {
  readonly #gifs: GifRepository;

  constructor(gifs: GifRepository) {
    this.#gifs = gifs;
  }

  async stats(): Promise<InstanceStats> {
    const rows = await this.#gifs.countByStatusAndType();
    const sum = (keep: (r: (typeof rows)[number]) => boolean) =>
      rows.filter(keep).reduce((total, r) => total + r.count, 0);
    return {
      gifs: {
        processing: sum((r) => r.status === 'processing'),
        ready: sum((r) => r.status === 'ready'),
        failed: sum((r) => r.status === 'failed'),
        removed: sum((r) => r.status === 'removed'),
      },
      ready_by_type: {
        gif: sum((r) => r.status === 'ready' && r.type === 'gif'),
        sticker: sum((r) => r.status === 'ready' && r.type === 'sticker'),
        video: sum((r) => r.status === 'ready' && r.type === 'video'),
      },
      renditions_pending: sum((r) => r.status === 'ready' && !r.complete),
    };
  }
}
