import { signRequest } from '@fedify/fedify';
import type { Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { JobOutcome } from '../../platform/jobs/job-types.ts';
import { guardedFetch } from '../../platform/net/index.ts';
import type { BlockedHostRepository } from './blocked-host.repository.ts';
import type { FederatedPostRepository, NewDelivery } from './federated-post.repository.ts';
import type { RemoteFetchPolicy } from './guarded-document-loader.ts';

/** The key an actor signs with, as its actor document publishes it. */
export interface SigningKey {
  keyId: URL;
  privateKey: CryptoKey;
}

const DELIVERY_TIMEOUT_MS = 15_000;
/** What an inbox answers is read and thrown away; a few kilobytes say enough. */
const MAX_ANSWER_BYTES = 64 * 1024;
/** Refusals a retry cannot change (a timeout or a limit may pass; these will not). */
const PERMANENT = (status: number) =>
  status >= 400 && status < 500 && status !== 408 && status !== 429;

export interface DeliveryDeps {
  /** FEDERATION: off, nothing is sent (what was queued while it was on is dropped). */
  enabled: boolean;
  posts: FederatedPostRepository;
  blocked: BlockedHostRepository;
  queue: JobQueue;
  /** The actor's RSA key and its id (the actor document's `#main-key`). */
  signingKeyOf: (identifier: string) => Promise<SigningKey>;
  policy: RemoteFetchPolicy;
  log: Logger;
}

/**
 * Sends activities to remote inboxes, one job per activity and inbox: a dead or slow server
 * holds up only its own jobs, each retried with backoff by the queue. The pair is recorded
 * before the job is sent and marked once an inbox took it, so a retry after a success (the
 * process died before the job was marked done) sends nothing twice. Requests are signed with
 * Fedify's HTTP signatures and go out through the network guard: Fedify's own sender would
 * dial any inbox a remote named, our network included.
 */
export class DeliveryService {
  readonly #deps: DeliveryDeps;

  constructor(deps: DeliveryDeps) {
    this.#deps = deps;
  }

  /**
   * Records the deliveries and queues a job for each new one, in `trx` when given (the job
   * then exists exactly when its row does).
   */
  async enqueue(deliveries: NewDelivery[], trx?: Transaction<Database>): Promise<void> {
    const write = async (t: Transaction<Database>) => {
      const ids = await this.#deps.posts.addDeliveries(t, deliveries);
      for (const deliveryId of ids) {
        await this.#deps.queue.enqueue({ name: 'federation.deliver', data: { deliveryId } }, t);
      }
    };
    await (trx ? write(trx) : this.#deps.posts.transaction(write));
  }

  async deliver(deliveryId: number): Promise<JobOutcome> {
    const { posts, blocked, log } = this.#deps;
    if (!this.#deps.enabled) return 'skipped';
    const delivery = await posts.delivery(deliveryId);
    if (!delivery || delivery.delivered_at) return 'skipped';
    const host = new URL(delivery.inbox).host.toLowerCase();
    if (await blocked.isBlocked(host)) return 'skipped';
    const { keyId, privateKey } = await this.#deps.signingKeyOf(delivery.actor);
    const request = await signRequest(
      new Request(delivery.inbox, {
        method: 'POST',
        headers: {
          'content-type': 'application/activity+json',
          accept: 'application/activity+json',
          'user-agent': this.#deps.policy.userAgent,
        },
        body: delivery.body,
      }),
      privateKey,
      keyId,
    );
    let status: number;
    try {
      const answer = await guardedFetch(delivery.inbox, {
        method: 'POST',
        headers: request.headers,
        body: delivery.body,
        maxBytes: MAX_ANSWER_BYTES,
        timeoutMs: DELIVERY_TIMEOUT_MS,
        allowPrivateHosts: this.#deps.policy.allowPrivateHosts,
      });
      status = answer.status;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await posts.markFailed(deliveryId, message);
      // An inbox inside our network will stay there: no retry can make it deliverable.
      if (error instanceof AppError && error.code === 'url_not_allowed') return 'failed';
      throw error;
    }
    if (status >= 200 && status < 300) {
      await posts.markDelivered(deliveryId);
      return 'success';
    }
    await posts.markFailed(deliveryId, `HTTP ${status}`);
    if (PERMANENT(status)) {
      log.info({ inbox: delivery.inbox, status, kind: delivery.kind }, 'inbox refused an activity');
      return 'failed';
    }
    throw new Error(`inbox answered HTTP ${status}`);
  }
}
