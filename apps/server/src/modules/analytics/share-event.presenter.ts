import type { ShareOutcome } from './share-event.service.ts';

/** A counted share: the GIF, the type and how many shares of that type it has now. */
export function presentShare(outcome: ShareOutcome) {
  return { gif_id: outcome.gifId, type: outcome.type, count: outcome.count };
}
