import type { Context } from '@fedify/fedify';
import type { Gif } from '@jiffy/contracts';
import type { Logger } from 'pino';
import type { JobOutcome } from '../../platform/jobs/job-types.ts';
import {
  activityJson,
  contentHashOf,
  createOf,
  deleteOf,
  noteGifOf,
  noteOf,
  updateOf,
} from './activity.presenter.ts';
import type { DeliveryService } from './delivery.service.ts';
import type { FederatedPostRepository } from './federated-post.repository.ts';
import { parseActorId, type LocalActorId } from './local-actor-id.ts';
import type { LocalActorRepository } from './local-actor.repository.ts';
import type { LocalActorService } from './local-actor.service.ts';
import type { RemoteFollowerRepository } from './remote-follower.repository.ts';

export interface FederationSyncDeps {
  actors: LocalActorService;
  localActors: LocalActorRepository;
  followers: RemoteFollowerRepository;
  posts: FederatedPostRepository;
  deliveries: DeliveryService;
  /** A ready GIF as GIPHY's object, or null when it is not ready (any more). */
  gifOf: (id: string) => Promise<Gif | null>;
  /** A Fedify context on PUBLIC_URL, for the URIs activities carry. */
  context: () => Context<unknown>;
  /** Drops Fedify's expired cache entries, once a sync. */
  sweepCache: () => Promise<void>;
  log: Logger;
}

/** New GIFs an actor announces in one sync at most; the rest wait for the next. */
const NEW_PER_SYNC = 50;
/** Live posts looked at per actor and sync, newest first. */
const LIVE_PER_SYNC = 1000;

/**
 * Brings what followers were sent in line with what each followed actor shows, from the state
 * of the database rather than from events: a GIF that became shown in a channel (uploaded,
 * approved, added by hand or by a magic tag, made public) gets a Create; one whose Note would
 * read differently (title, alt text, tags, rating) an Update; one no longer shown there (taken
 * down, deleted, made private, taken out of the channel, or the channel hidden) a Delete to
 * every inbox its Create went to. Every path that changes a GIF is covered without each of
 * them having to tell federation, and a sync run twice sends nothing twice.
 *
 * Only GIFs shown since the actor's first follower count as new: following a channel does not
 * flood the follower with its back catalogue.
 */
export class FederationSyncService {
  readonly #deps: FederationSyncDeps;
  constructor(deps: FederationSyncDeps) {
    this.#deps = deps;
  }

  async sync(): Promise<JobOutcome> {
    const { followers, posts } = this.#deps;
    const followed = await followers.followedActors();
    const since = new Map(followed.map((f) => [f.actor, f.since]));
    const actors = new Set([...since.keys(), ...(await posts.actorsWithLivePosts())]);
    for (const identifier of actors) {
      const id = parseActorId(identifier);
      if (!id) continue;
      const first = since.get(identifier);
      if (first) await this.#announceNew(identifier, id, first);
      await this.#updateOrDelete(identifier, id);
    }
    await this.#deps.sweepCache();
    return 'success';
  }

  async #announceNew(identifier: string, id: LocalActorId, since: Date): Promise<void> {
    const { actors, localActors, followers, posts, deliveries } = this.#deps;
    if (!(await actors.find(identifier))) return;
    const candidates =
      id.kind === 'channel'
        ? await localActors.channelGifsSince(id.channelId, since, NEW_PER_SYNC)
        : await localActors.userGifsSince(id.userId, since, NEW_PER_SYNC);
    const posted = await posts.postedGifs(identifier, candidates);
    const fresh = candidates.filter((gifId) => !posted.has(gifId));
    if (fresh.length === 0) return;
    const inboxes = recipientsOf(await followers.acceptedOf(identifier));
    const ctx = this.#deps.context();
    for (const gifId of fresh) {
      const gif = await this.#deps.gifOf(gifId);
      if (!gif) continue;
      const shown = noteGifOf(gif);
      const hash = contentHashOf(shown);
      await posts.transaction(async (trx) => {
        const post = await posts.insert(trx, {
          actor: identifier,
          gif_id: gifId,
          content_hash: hash,
        });
        if (!post) return;
        const create = createOf(ctx, identifier, noteOf(ctx, identifier, post.id, shown));
        const body = await activityJson(ctx, create);
        await deliveries.enqueue(
          inboxes.map((inbox) => ({
            activity_id: create.id!.href,
            kind: 'Create',
            actor: identifier,
            inbox,
            post_id: post.id,
            body,
          })),
          trx,
        );
      });
    }
  }

  async #updateOrDelete(identifier: string, id: LocalActorId): Promise<void> {
    const { actors, localActors, posts, deliveries } = this.#deps;
    const live = await posts.liveOf(identifier, LIVE_PER_SYNC);
    if (live.length === 0) return;
    const actorShown = (await actors.find(identifier)) !== null;
    const shown = actorShown
      ? await localActors.stillShown(
          id,
          live.map((post) => post.gif_id),
        )
      : new Map<string, Date>();
    const ctx = this.#deps.context();
    for (const post of live) {
      const changedAt = shown.get(post.gif_id);
      if (changedAt === undefined) {
        const remove = deleteOf(ctx, identifier, post.id);
        const body = await activityJson(ctx, remove);
        await posts.transaction(async (trx) => {
          if (!(await posts.markDeleted(trx, post.id))) return;
          const inboxes = await posts.inboxesOf(post.id, trx);
          await deliveries.enqueue(
            inboxes.map((inbox) => ({
              activity_id: remove.id!.href,
              kind: 'Delete',
              actor: identifier,
              inbox,
              post_id: post.id,
              body,
            })),
            trx,
          );
        });
        continue;
      }
      if (changedAt <= post.updated_at) continue;
      const gif = await this.#deps.gifOf(post.gif_id);
      if (!gif) continue;
      const now = noteGifOf(gif);
      const hash = contentHashOf(now);
      if (hash === post.content_hash) {
        await posts.touch(post.id);
        continue;
      }
      const update = updateOf(ctx, identifier, noteOf(ctx, identifier, post.id, now), hash);
      const body = await activityJson(ctx, update);
      await posts.transaction(async (trx) => {
        await posts.setContent(trx, post.id, hash);
        const inboxes = await posts.inboxesOf(post.id, trx);
        await deliveries.enqueue(
          inboxes.map((inbox) => ({
            activity_id: update.id!.href,
            kind: 'Update',
            actor: identifier,
            inbox,
            post_id: post.id,
            body,
          })),
          trx,
        );
      });
    }
  }
}

/** Each follower's inbox, or its server's shared inbox once for all followers there. */
export function recipientsOf(
  followers: { inbox: string; shared_inbox: string | null }[],
): string[] {
  return [...new Set(followers.map((f) => f.shared_inbox ?? f.inbox))];
}
