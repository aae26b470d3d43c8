import type { FederationFollowerRow, UserRow } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { authorize } from '../accounts/index.ts';
import type { BlockedHostRepository, BlockedHostRow } from './blocked-host.repository.ts';
import type { ActorSettingsRepository } from './actor-settings.repository.ts';
import type { LocalActor, LocalActorService } from './local-actor.service.ts';
import type { RemoteFollowerRepository } from './remote-follower.repository.ts';

export interface FederationAdminDeps {
  actors: LocalActorService;
  followers: RemoteFollowerRepository;
  settings: ActorSettingsRepository;
  blocked: BlockedHostRepository;
  /** Queues the Accept of a follower just approved (nothing while federation is off). */
  sendAccept: (identifier: string, follower: FederationFollowerRow) => Promise<void>;
}

/** Remote followers listed at most (newest first). */
const FOLLOWERS_SHOWN = 500;

/**
 * What people here decide about federation: an actor's owner (and staff) see its remote
 * followers, approve the ones waiting and choose whether follows wait; admins block hosts.
 */
export class FederationAdminService {
  readonly #deps: FederationAdminDeps;
  constructor(deps: FederationAdminDeps) {
    this.#deps = deps;
  }

  async followers(
    principal: UserRow | null,
    identifier: string,
  ): Promise<{ actor: LocalActor; followers: FederationFollowerRow[] }> {
    const actor = await this.#actorToManage(principal, identifier);
    return { actor, followers: await this.#deps.followers.listOf(identifier, FOLLOWERS_SHOWN) };
  }

  async approve(
    principal: UserRow | null,
    identifier: string,
    followerId: number,
  ): Promise<FederationFollowerRow> {
    await this.#actorToManage(principal, identifier);
    const follower = await this.#follower(identifier, followerId);
    if (follower.status === 'accepted') return follower;
    if (await this.#deps.blocked.isBlocked(follower.remote_host))
      throw new AppError('remote_host_blocked', 'That server is blocked here.');
    const accepted = (await this.#deps.followers.accept(follower.id)) ?? follower;
    await this.#deps.sendAccept(identifier, accepted);
    return accepted;
  }

  /** Removes a follower (approved or waiting); it is sent nothing more. */
  async remove(principal: UserRow | null, identifier: string, followerId: number): Promise<void> {
    await this.#actorToManage(principal, identifier);
    await this.#follower(identifier, followerId);
    await this.#deps.followers.removeById(followerId);
  }

  async setManuallyApproves(
    principal: UserRow | null,
    identifier: string,
    value: boolean,
  ): Promise<LocalActor> {
    const actor = await this.#actorToManage(principal, identifier);
    await this.#deps.settings.setManuallyApproves(identifier, value);
    return { ...actor, manuallyApproves: value };
  }

  async blockedHosts(principal: UserRow | null): Promise<BlockedHostRow[]> {
    authorize(principal, 'federation.block_hosts');
    return this.#deps.blocked.list();
  }

  async block(principal: UserRow | null, host: string): Promise<BlockedHostRow> {
    authorize(principal, 'federation.block_hosts');
    await this.#deps.blocked.add(host, principal.id);
    return (await this.#deps.blocked.list()).find((row) => row.host === host)!;
  }

  async unblock(principal: UserRow | null, host: string): Promise<void> {
    authorize(principal, 'federation.block_hosts');
    if (!(await this.#deps.blocked.remove(host)))
      throw new AppError('not_found', 'That host is not blocked.');
  }

  /** The actor, when the principal may manage its followers; 404 for one that is not an actor. */
  async #actorToManage(principal: UserRow | null, identifier: string): Promise<LocalActor> {
    if (!principal) throw new AppError('not_signed_in', 'Sign in first.');
    const actor = await this.#deps.actors.find(identifier);
    if (!actor) throw new AppError('not_found', 'No creator or public channel by that id.');
    authorize(principal, 'federation.followers', { ownerId: actor.ownerId });
    return actor;
  }

  async #follower(identifier: string, id: number): Promise<FederationFollowerRow> {
    const follower = await this.#deps.followers.find(identifier, id);
    if (!follower)
      throw new AppError('remote_follower_not_found', 'No such follower of that actor.');
    return follower;
  }
}
