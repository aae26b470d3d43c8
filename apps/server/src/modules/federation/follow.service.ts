import type { Context } from '@fedify/fedify';
import { Delete, Follow, Undo, type Actor as RemoteActor } from '@fedify/fedify/vocab';
import { AppError } from '../../platform/errors/app-error.ts';
import { assertPublicUrl } from '../../platform/net/index.ts';
import { acceptOf, activityJson } from './activity.presenter.ts';
import type { BlockedHostRepository } from './blocked-host.repository.ts';
import type { DeliveryService } from './delivery.service.ts';
import type { RemoteFetchPolicy } from './guarded-document-loader.ts';
import type { LocalActorService } from './local-actor.service.ts';
import type { RemoteFollowerRepository } from './remote-follower.repository.ts';

export interface FollowDeps {
  actors: LocalActorService;
  followers: RemoteFollowerRepository;
  blocked: BlockedHostRepository;
  deliveries: DeliveryService;
  policy: RemoteFetchPolicy;
}

/**
 * Follows from other servers: a Follow of a creator or channel is accepted at once, or held
 * until its owner approves when the actor asks for that; an Undo of it ends it. Each refusal is
 * an AppError (a clear 4xx for the remote), thrown before anything is stored.
 */
export class FollowService {
  readonly #deps: FollowDeps;

  constructor(deps: FollowDeps) {
    this.#deps = deps;
  }

  async follow(ctx: Context<unknown>, follow: Follow): Promise<void> {
    const { actors, followers } = this.#deps;
    if (!follow.id || !follow.actorId || !follow.objectId)
      throw new AppError('invalid_request', 'A Follow needs an id, an actor and an object.');
    const target = ctx.parseUri(follow.objectId);
    if (target?.type !== 'actor')
      throw new AppError('not_found', 'The Follow names no actor of this server.');
    const local = await actors.find(target.identifier);
    if (!local) throw new AppError('not_found', 'The Follow names no actor of this server.');
    await this.#refuseBlocked(follow.actorId);
    const remote = await this.#remoteActor(ctx, follow);
    const inbox = await this.#publicUrl(remote.inboxId!.href);
    const sharedInbox = remote.endpoints?.sharedInbox
      ? await this.#publicUrl(remote.endpoints.sharedInbox.href).catch(() => null)
      : null;
    const row = await followers.upsert({
      actor: local.identifier,
      remote_actor: follow.actorId.href,
      remote_handle: remote.preferredUsername
        ? `${String(remote.preferredUsername)}@${follow.actorId.host}`
        : null,
      inbox,
      shared_inbox: sharedInbox,
      remote_host: follow.actorId.host.toLowerCase(),
      follow_id: follow.id.href,
      status: local.manuallyApproves ? 'pending' : 'accepted',
    });
    if (row.status !== 'accepted') return;
    await this.sendAccept(ctx, local.identifier, row);
  }

  async undo(ctx: Context<unknown>, undo: Undo): Promise<void> {
    if (!undo.actorId || !undo.objectId)
      throw new AppError('invalid_request', 'An Undo needs an actor and an object.');
    await this.#refuseBlocked(undo.actorId);
    const object = await undo.getObject({
      documentLoader: ctx.documentLoader,
      contextLoader: ctx.contextLoader,
    });
    // Only the actor who followed can undo it: a Follow of someone else's is not theirs.
    if (!(object instanceof Follow) || object.actorId?.href !== undo.actorId.href)
      throw new AppError('invalid_request', "An Undo here undoes its own actor's Follow.");
    const target = object.objectId ? ctx.parseUri(object.objectId) : null;
    if (target?.type !== 'actor')
      throw new AppError('not_found', 'The Follow names no actor of this server.');
    await this.#deps.followers.remove(target.identifier, undo.actorId.href);
  }

  /**
   * A remote actor deleted itself: its follows end. The signature check already tied the
   * Delete to that actor; a Delete of anything else is not about our followers.
   */
  async actorDeleted(remove: Delete): Promise<void> {
    if (!remove.actorId || remove.objectId?.href !== remove.actorId.href) return;
    await this.#deps.followers.removeRemote(remove.actorId.href);
  }

  /** Queues the Accept of a follower's Follow, to its own inbox. */
  async sendAccept(
    ctx: Context<unknown>,
    identifier: string,
    follower: { follow_id: string; remote_actor: string; inbox: string },
  ): Promise<void> {
    const accept = acceptOf(ctx, identifier, {
      id: follower.follow_id,
      remoteActor: follower.remote_actor,
    });
    await this.#deps.deliveries.enqueue([
      {
        activity_id: accept.id!.href,
        kind: 'Accept',
        actor: identifier,
        inbox: follower.inbox,
        post_id: null,
        body: await activityJson(ctx, accept),
      },
    ]);
  }

  async #refuseBlocked(actorId: URL): Promise<void> {
    if (await this.#deps.blocked.isBlocked(actorId.host.toLowerCase()))
      throw new AppError('remote_host_blocked', 'This server does not take activities from yours.');
  }

  /** The Follow's actor as its own server describes it (fetched through the network guard). */
  async #remoteActor(ctx: Context<unknown>, follow: Follow): Promise<RemoteActor> {
    let remote: RemoteActor | null;
    try {
      remote = await follow.getActor({
        documentLoader: ctx.documentLoader,
        contextLoader: ctx.contextLoader,
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('url_fetch_failed', 'The following actor could not be fetched.', {
        cause: error,
      });
    }
    if (!remote?.id || remote.id.href !== follow.actorId!.href || !remote.inboxId)
      throw new AppError('invalid_request', 'The following actor has no inbox of its own.');
    return remote;
  }

  /** The URL, if it points outside our network (else `url_not_allowed`). */
  async #publicUrl(url: string): Promise<string> {
    return (await assertPublicUrl(url, { allowPrivateHosts: this.#deps.policy.allowPrivateHosts }))
      .href;
  }
}
