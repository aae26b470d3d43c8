import type { Context, Federation } from '@fedify/fedify';
import type { Gif } from '@jiffy/contracts';
import type { Logger } from 'pino';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { ActorKeyRepository } from './actor-key.repository.ts';
import { ActorKeysService } from './actor-keys.service.ts';
import type { BlockedHostRepository } from './blocked-host.repository.ts';
import { DeliveryService } from './delivery.service.ts';
import { createJiffyFederation, type FederationRequestData } from './fedify-federation.ts';
import type { FederatedPostRepository } from './federated-post.repository.ts';
import { FederationSyncService } from './federation-sync.service.ts';
import { FollowService } from './follow.service.ts';
import type { RemoteFetchPolicy } from './guarded-document-loader.ts';
import type { LocalActorRepository } from './local-actor.repository.ts';
import type { LocalActorService } from './local-actor.service.ts';
import type { PostgresKvStore } from './postgres-kv-store.ts';
import type { RemoteFollowerRepository } from './remote-follower.repository.ts';

/** The parts of federation that run on Fedify: loaded only when federation is on. */
export interface FederationRuntime {
  federation: Federation<FederationRequestData>;
  /** A Fedify context on PUBLIC_URL, for the URIs outgoing activities carry. */
  context: () => Context<unknown>;
  follows: FollowService;
  deliveries: DeliveryService;
  sync: FederationSyncService;
}

export interface FederationRuntimeDeps {
  publicUrl: string;
  version: string;
  enabled: boolean;
  policy: RemoteFetchPolicy;
  queue: JobQueue;
  kv: PostgresKvStore;
  keys: ActorKeyRepository;
  actors: LocalActorService;
  localActors: LocalActorRepository;
  followers: RemoteFollowerRepository;
  posts: FederatedPostRepository;
  blocked: BlockedHostRepository;
  gifOf: (id: string) => Promise<Gif | null>;
  log: Logger;
}

/** Builds Fedify's federation and the services that speak through it. */
export function createFederationRuntime(deps: FederationRuntimeDeps): FederationRuntime {
  const { actors, localActors, followers, posts, blocked, policy } = deps;
  const keys = new ActorKeysService(deps.keys);
  // The federation's inbox listeners need the follow service, which needs the federation.
  const late: { follows?: FollowService } = {};
  const federation = createJiffyFederation({
    publicUrl: deps.publicUrl,
    version: deps.version,
    kv: deps.kv,
    policy,
    actors,
    localActors,
    keys,
    followers,
    posts,
    follows: () => late.follows!,
    gifOf: deps.gifOf,
  });
  const context = () => federation.createContext(new URL(deps.publicUrl), { refusal: null });
  const deliveries = new DeliveryService({
    enabled: deps.enabled,
    posts,
    blocked,
    queue: deps.queue,
    policy,
    log: deps.log,
    // From the stored keys rather than the actor dispatcher: an actor hidden since still
    // signs the Deletes of what it posted. The id is the one Fedify gives its first key.
    signingKeyOf: async (identifier) => {
      const [rsa] = await keys.keyPairsOf(identifier);
      return {
        keyId: new URL('#main-key', context().getActorUri(identifier)),
        privateKey: rsa!.privateKey,
      };
    },
  });
  const follows = new FollowService({ actors, followers, blocked, deliveries, policy });
  late.follows = follows;
  const sync = new FederationSyncService({
    actors,
    localActors,
    followers,
    posts,
    deliveries,
    gifOf: deps.gifOf,
    context,
    sweepCache: () => deps.kv.deleteExpired(),
    log: deps.log,
  });
  return { federation, context, follows, deliveries, sync };
}
