import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { consumeOrRefuse, type AttemptLimits } from '../accounts/index.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { GifReadService } from '../gifs/index.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { ShareEventService } from '../analytics/index.ts';
import { instashareMail } from './instashare-mail.ts';

const HOUR = 60 * 60;
/** A sender's allowance: a lively conversation, not a mailing list. */
export const SENDS_PER_SENDER = { points: 20, durationSeconds: HOUR };
/** One address's allowance from everyone together, so no inbox can be flooded through Jiffy. */
export const SENDS_PER_RECIPIENT = { points: 10, durationSeconds: 24 * HOUR };

export interface InstashareDeps {
  reads: GifReadService;
  shares: ShareEventService;
  mailer: Mailer;
  limits: AttemptLimits;
  publicUrl: string;
  log: Logger;
}

export interface Instashared {
  gifId: string;
  to: string;
}

/**
 * E-mails a GIF from its page's share panel (`POST /ajax/instashare/`). Signed-in users only:
 * an anonymous form that mails any address would make the instance a relay for whoever finds
 * it. Only a GIF a visitor can see may be sent. A mail sent counts as an `email` share, as the
 * share panel's other buttons count theirs.
 */
export class InstashareService {
  readonly #deps: InstashareDeps;
  constructor(deps: InstashareDeps) {
    this.#deps = deps;
  }

  async send(actor: UserRow | null, gifId: string, to: string): Promise<Instashared> {
    if (!actor) throw new AppError('not_signed_in', 'Sign in to e-mail a GIF.');
    const gif = await this.#deps.reads.getReady(gifId);
    const { limits } = this.#deps;
    await consumeOrRefuse(limits.limiter('instashare-sender', SENDS_PER_SENDER), actor.id);
    // The address itself is not kept as a limiter key (Redis, memory): its hash counts as well.
    const recipient = createHash('sha256').update(to.toLowerCase()).digest('hex');
    await consumeOrRefuse(limits.limiter('instashare-recipient', SENDS_PER_RECIPIENT), recipient);
    const mail = instashareMail(
      gif,
      to,
      { username: actor.username, displayName: actor.display_name },
      this.#deps.publicUrl,
    );
    try {
      await this.#deps.mailer.send(mail);
    } catch (error) {
      this.#deps.log.error({ gif_id: gifId, error: String(error) }, 'instashare e-mail failed');
      throw new AppError('mail_not_sent', 'The e-mail could not be sent; try again later.');
    }
    await this.#deps.shares.record(actor, gifId, 'email');
    return { gifId, to };
  }
}
