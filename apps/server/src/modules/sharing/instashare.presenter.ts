import type { InstashareObject } from '@jiffy/contracts';
import type { Instashared } from './instashare.service.ts';

/** A GIF e-mailed: which, to whom (as the sender wrote it, trimmed), and that it went. */
export function presentInstashare(sent: Instashared): InstashareObject {
  return { gif_id: sent.gifId, to: sent.to, status: 'sent' as const };
}
