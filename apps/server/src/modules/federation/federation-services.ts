import type { Gif } from '@jiffy/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../platform/db/schema.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { ActorKeyRepository } from './actor-key.repository.ts';
import { ActorSettingsRepository } from './actor-settings.repository.ts';
import { BlockedHostRepository } from './blocked-host.repository.ts';
import { FederatedPostRepository } from './federated-post.repository.ts';
import { FederationAdminService } from './federation-admin.service.ts';
import { federationDeliverJob } from './federation-deliver.job.ts';
import type { FederationRuntime } from './federation-runtime.ts';
import { federationSyncJob } from './federation-sync.job.ts';
import type { RemoteFetchPolicy } from './guarded-document-loader.ts';
import { LocalActorRepository } from './local-actor.repository.ts';
import { LocalActorService } from './local-actor.service.ts';
import { PostgresKvStore } from './postgres-kv-store.ts';
import { RemoteFollowerRepository } from './remote-follower.repository.ts';

export interface FederationServices {
  enabled: boolean;
  admin: FederationAdminService;
  blocked: BlockedHostRepository;
  /**
   * Fedify and what speaks through it, loaded on first use: an instance with federation off
   * never loads it (half a second and some 60 MB at every start otherwise).
   */
  runtime: () => Promise<FederationRuntime>;
  /** The module's job kinds, for the queue to register. */
  jobs: [ReturnType<typeof federationDeliverJob>, ReturnType<typeof federationSyncJob>];
}

/** The federation module, built from what it needs. */
export function createFederationServices(options: {
  db: Kysely<Database>;
  queue: JobQueue;
  publicUrl: string;
  version: string;
  /** FEDERATION on: the ActivityPub surface is served and deliveries go out. */
  enabled: boolean;
  /** FEDERATION_ALLOW_HOSTS: remote servers exempt from the private-address block. */
  allowPrivateHosts: readonly string[];
  /** A ready GIF as GIPHY's object, or null. */
  gifOf: (id: string) => Promise<Gif | null>;
  log: Logger;
}): FederationServices {
  const { db, enabled } = options;
  const policy: RemoteFetchPolicy = {
    allowPrivateHosts: options.allowPrivateHosts,
    userAgent: `Jiffy/${options.version} (+${options.publicUrl})`,
  };
  const localActors = new LocalActorRepository(db);
  const settings = new ActorSettingsRepository(db);
  const followers = new RemoteFollowerRepository(db);
  const posts = new FederatedPostRepository(db);
  const blocked = new BlockedHostRepository(db);
  const actors = new LocalActorService({
    actors: localActors,
    settings,
    publicUrl: options.publicUrl,
  });
  let loading: Promise<FederationRuntime> | undefined;
  const runtime = () =>
    (loading ??= import('./federation-runtime.ts').then((module) =>
      module.createFederationRuntime({
        publicUrl: options.publicUrl,
        version: options.version,
        enabled,
        policy,
        queue: options.queue,
        kv: new PostgresKvStore(db),
        keys: new ActorKeyRepository(db),
        actors,
        localActors,
        followers,
        posts,
        blocked,
        gifOf: options.gifOf,
        log: options.log,
      }),
    ));
  return {
    enabled,
    admin: new FederationAdminService({
      actors,
      followers,
      settings,
      blocked,
      // While federation is off nothing goes out: the approval is kept, the Accept is not sent.
      sendAccept: async (identifier, follower) => {
        if (!enabled) return;
        const { follows, context } = await runtime();
        await follows.sendAccept(context(), identifier, follower);
      },
    }),
    blocked,
    runtime,
    jobs: [
      federationDeliverJob(async (deliveryId) =>
        enabled ? (await runtime()).deliveries.deliver(deliveryId) : 'skipped',
      ),
      federationSyncJob(async () => (enabled ? (await runtime()).sync.sync() : 'skipped')),
    ],
  };
}
