import { createFederation, type Context, type Federation, type KvStore } from '@fedify/fedify';
import {
  Delete,
  Endpoints,
  Follow,
  Group,
  Note,
  Person,
  Undo,
  type Recipient,
} from '@fedify/fedify/vocab';
import type { Gif } from '@jiffy/contracts';
import { AppError } from '../../platform/errors/app-error.ts';
import { createOf, noteGifOf, noteOf } from './activity.presenter.ts';
import type { ActorKeysService } from './actor-keys.service.ts';
import type { FederatedPostRepository } from './federated-post.repository.ts';
import type { FollowService } from './follow.service.ts';
import { guardedDocumentLoader, type RemoteFetchPolicy } from './guarded-document-loader.ts';
import type { LocalActorRepository } from './local-actor.repository.ts';
import type { LocalActorService } from './local-actor.service.ts';
import type { RemoteFollowerRepository } from './remote-follower.repository.ts';

/**
 * What one request to the federation surface carries through Fedify: an inbox listener that
 * refuses an activity puts the refusal here, and the surface answers it (Fedify would answer
 * 202, or a 500 for a thrown error).
 */
export interface FederationRequestData {
  refusal: AppError | null;
}

export interface FederationDeps {
  publicUrl: string;
  version: string;
  kv: KvStore;
  policy: RemoteFetchPolicy;
  actors: LocalActorService;
  localActors: LocalActorRepository;
  keys: ActorKeysService;
  followers: RemoteFollowerRepository;
  posts: FederatedPostRepository;
  /** Late-bound: the follow service sends Accepts through a context of this federation. */
  follows: () => FollowService;
  gifOf: (id: string) => Promise<Gif | null>;
}

/** Followers and outbox items per collection page. */
const PAGE_SIZE = 50;

/**
 * The ActivityPub side of Jiffy as Fedify serves it: WebFinger, the actors (a creator is a
 * Person, a channel a Group: many people's GIFs gathered under one name, as forums and video
 * channels federate), their keys, inboxes, outboxes and followers, the Notes, and NodeInfo.
 * Every remote document Fedify fetches goes through the network guard; signatures are always
 * checked.
 */
export function createJiffyFederation(deps: FederationDeps): Federation<FederationRequestData> {
  const loader = guardedDocumentLoader(deps.policy);
  const federation = createFederation<FederationRequestData>({
    kv: deps.kv,
    origin: deps.publicUrl,
    documentLoaderFactory: () => loader,
    contextLoaderFactory: () => loader,
    // Signed fetches would go out through Fedify's own fetch; ours are unsigned, guarded ones.
    authenticatedDocumentLoaderFactory: () => loader,
  });

  federation
    .setActorDispatcher('/ap/actors/{identifier}', async (ctx, identifier) => {
      const actor = await deps.actors.find(identifier);
      if (!actor) return null;
      const keys = await ctx.getActorKeyPairs(identifier);
      const values = {
        id: ctx.getActorUri(identifier),
        preferredUsername: actor.handle,
        name: actor.name,
        summary: actor.summary || null,
        url: new URL(actor.pageUrl),
        inbox: ctx.getInboxUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: keys[0]?.cryptographicKey ?? null,
        assertionMethods: keys.map((key) => key.multikey),
        manuallyApprovesFollowers: actor.manuallyApproves,
        discoverable: true,
      };
      return actor.id.kind === 'user' ? new Person(values) : new Group(values);
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => {
      if (!(await deps.actors.find(identifier))) return [];
      return deps.keys.keyPairsOf(identifier);
    })
    .mapHandle((_ctx, handle) => deps.actors.identifierOf(handle));

  federation
    .setFollowersDispatcher('/ap/actors/{identifier}/followers', async (_ctx, identifier) => {
      if (!(await deps.actors.find(identifier))) return null;
      const rows = await deps.followers.acceptedOf(identifier);
      const items: Recipient[] = rows.map((row) => ({
        id: new URL(row.remote_actor),
        inboxId: new URL(row.inbox),
        endpoints: row.shared_inbox ? { sharedInbox: new URL(row.shared_inbox) } : null,
      }));
      return { items };
    })
    .setCounter(async (_ctx, identifier) => (await deps.followers.acceptedOf(identifier)).length);

  federation.setOutboxDispatcher('/ap/actors/{identifier}/outbox', async (ctx, identifier) => {
    if (!(await deps.actors.find(identifier))) return null;
    const posts = await deps.posts.liveOf(identifier, PAGE_SIZE);
    const items = [];
    for (const post of posts) {
      const gif = await deps.gifOf(post.gif_id);
      if (!gif) continue;
      items.push(createOf(ctx, identifier, noteOf(ctx, identifier, post.id, noteGifOf(gif))));
    }
    return { items };
  });

  federation.setObjectDispatcher(Note, '/ap/notes/{id}', async (ctx, values) => {
    const id = Number(values.id);
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const post = await deps.posts.find(id);
    if (!post || post.deleted_at || !(await deps.actors.find(post.actor))) return null;
    const gif = await deps.gifOf(post.gif_id);
    return gif ? noteOf(ctx, post.actor, post.id, noteGifOf(gif)) : null;
  });

  federation
    .setInboxListeners('/ap/actors/{identifier}/inbox', '/ap/inbox')
    .on(Follow, (ctx, follow) => refusing(ctx, () => deps.follows().follow(ctx, follow)))
    .on(Undo, (ctx, undo) => refusing(ctx, () => deps.follows().undo(ctx, undo)))
    .on(Delete, (ctx, remove) => refusing(ctx, () => deps.follows().actorDeleted(remove)));

  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async () => {
    const usage = await deps.localActors.usage();
    return {
      software: { name: 'jiffy', version: deps.version },
      protocols: ['activitypub'],
      openRegistrations: true,
      usage: {
        users: { total: usage.users },
        localPosts: usage.posts,
        localComments: 0,
      },
    };
  });

  return federation;
}

/** Runs an inbox listener, keeping an AppError it throws as the request's refusal. */
async function refusing(
  ctx: Context<FederationRequestData>,
  work: () => Promise<void>,
): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    ctx.data.refusal = error;
  }
}
