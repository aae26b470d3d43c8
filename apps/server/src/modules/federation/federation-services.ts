import type { Federation } from '@fedify/fedify';
import type { Gif } from '@jiffy/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../platform/db/schema.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { ActorKeyRepository } from './actor-key.repository.ts';
import { ActorKeysService } from './actor-keys.service.ts';
import { ActorSettingsRepository } from './actor-settings.repository.ts';
import { BlockedHostRepository } from './blocked-host.repository.ts';
import { DeliveryService } from './delivery.service.ts';
import { createJiffyFederation, type FederationRequestData } from './fedify-federation.ts';
import { FederatedPostRepository } from './federated-post.repository.ts';
import { FederationAdminService } from './federation-admin.service.ts';
import { federationDeliverJob } from './federation-deliver.job.ts';
import { FederationSyncService } from './federation-sync.service.ts';
import { federationSyncJob } from './federation-sync.job.ts';
import { FollowService } from './follow.service.ts';
import type { RemoteFetchPolicy } from './guarded-document-loader.ts';
import { LocalActorRepository } from './local-actor.repository.ts';
import { LocalActorService } from './local-actor.service.ts';
import { PostgresKvStore } from './postgres-kv-store.ts';
import { RemoteFollowerRepository } from './remote-follower.repository.ts';

export interface FederationServices {
  federation: Federation<FederationRequestData>;
  admin: FederationAdminService;
  sync: FederationSyncService;
  deliveries: DeliveryService;
  blocked: BlockedHostRepository;
  /** The module's job kinds, for the queue to register. */
  jobs: [ReturnType<typeof federationDeliverJob>, ReturnType<typeof federationSyncJob>];
}

/** The federation module, built from what it needs. */
export function createFederationServices(options: {
  db: Kysely<Database>;
  queue: JobQueue;
  publicUrl: string;
  version: string;
  /** FEDERATION on: deliveries go out. */
  enabled: boolean;
  /** FEDERATION_ALLOW_HOSTS: remote servers exempt from the private-address block. */
  allowPrivateHosts: readonly string[];
  /** A ready GIF as GIPHY's object, or null. */
  gifOf: (id: string) => Promise<Gif | null>;
  log: Logger;
}): FederationServices {
  const { db } = options;
  const policy: RemoteFetchPolicy = {
    allowPrivateHosts: options.allowPrivateHosts,
    userAgent: `Jiffy/${options.version} (+${options.publicUrl})`,
  };
  const localActors = new LocalActorRepository(db);
  const settings = new ActorSettingsRepository(db);
  const followers = new RemoteFollowerRepository(db);
  const posts = new FederatedPostRepository(db);
  const blocked = new BlockedHostRepository(db);
  const keys = new ActorKeysService(new ActorKeyRepository(db));
  const kv = new PostgresKvStore(db);
  const actors = new LocalActorService({
    actors: localActors,
    settings,
    publicUrl: options.publicUrl,
  });
  // The federation's inbox listeners need the follow service, which needs the federation.
  const late: { follows?: FollowService } = {};
  const federation = createJiffyFederation({
    publicUrl: options.publicUrl,
    version: options.version,
    kv,
    policy,
    actors,
    localActors,
    keys,
    followers,
    posts,
    follows: () => late.follows!,
    gifOf: options.gifOf,
  });
  const context = () => federation.createContext(new URL(options.publicUrl), { refusal: null });
  const deliveries = new DeliveryService({
    enabled: options.enabled,
    posts,
    blocked,
    queue: options.queue,
    policy,
    log: options.log,
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
    gifOf: options.gifOf,
    context,
    sweepCache: () => kv.deleteExpired(),
    log: options.log,
  });
  return {
    federation,
    admin: new FederationAdminService({ actors, followers, settings, blocked, follows, context }),
    sync,
    deliveries,
    blocked,
    jobs: [federationDeliverJob(deliveries), federationSyncJob(sync)],
  };
}
