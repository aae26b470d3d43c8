import http from 'node:http';
import {
  createFederation,
  generateCryptoKeyPair,
  MemoryKvStore,
  signRequest,
  type Federation,
} from '@fedify/fedify';
import {
  Accept,
  Create,
  Delete,
  Endpoints,
  Follow,
  Person,
  Reject,
  Undo,
  Update,
  isActor,
  type Activity,
} from '@fedify/fedify/vocab';

/**
 * Another ActivityPub server for tests, on loopback: a small Fedify application with users of
 * its own, their own keys and an in-memory store. It finds actors by WebFinger, follows and
 * unfollows them, keeps every activity its inboxes receive, and can post activities signed
 * as any of its users (or tampered with) to test what an inbox refuses.
 *
 * Users: `remote` (an ordinary follower), `mallory` (whose key is used to forge `remote`'s
 * activities) and `lan` (whose actor document names an inbox inside the network).
 */
export interface RemoteFediverse {
  origin: string;
  host: string;
  actorUrl(user: RemoteUser): string;
  /** Activities received, as JSON, oldest first. */
  received(): Record<string, unknown>[];
  /** Finds `acct:<name>@<host>` by WebFinger on `serverOrigin`, as the actor's URL. */
  webfinger(serverOrigin: string, account: string): Promise<string>;
  /** `user` follows the actor at `actorUrl`; resolves to the Follow's id. */
  follow(user: RemoteUser, actorUrl: string): Promise<string>;
  /** `user` undoes its Follow `followId` of `actorUrl`. */
  unfollow(user: RemoteUser, actorUrl: string, followId: string): Promise<void>;
  /**
   * Posts `activity` to `inbox` signed with `signer`'s key (default: the activity's own
   * actor's), naming `keyId` as the key when given; `tamper` changes the body after signing.
   * Resolves to the answer.
   */
  post(
    inbox: string,
    activity: Record<string, unknown> | string,
    options?: { signer?: RemoteUser; tamper?: boolean; unsigned?: boolean; keyId?: string },
  ): Promise<{ status: number; body: string }>;
  stop(): Promise<void>;
}

export type RemoteUser = 'remote' | 'mallory' | 'lan';
const USERS: RemoteUser[] = ['remote', 'mallory', 'lan'];

/** Where `lan` says its inbox is: the cloud metadata address, inside any network. */
export const LAN_INBOX = 'http://169.254.169.254/latest/inbox';

export async function startRemoteFediverse(options: { port: number }): Promise<RemoteFediverse> {
  const origin = `http://127.0.0.1:${options.port}`;
  const keys = new Map<RemoteUser, CryptoKeyPair[]>();
  for (const user of USERS) {
    keys.set(user, [
      await generateCryptoKeyPair('RSASSA-PKCS1-v1_5'),
      await generateCryptoKeyPair('Ed25519'),
    ]);
  }
  const received: Record<string, unknown>[] = [];
  // A test server on loopback talking to another on loopback: private addresses are the
  // point here (Jiffy's side is what refuses them).
  const federation: Federation<void> = createFederation<void>({
    kv: new MemoryKvStore(),
    allowPrivateAddress: true,
    origin,
  });
  federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
      if (!USERS.includes(identifier as RemoteUser)) return null;
      const pairs = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: `Remote ${identifier}`,
        inbox: identifier === 'lan' ? new URL(LAN_INBOX) : ctx.getInboxUri(identifier),
        endpoints: identifier === 'lan' ? null : new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: pairs[0]!.cryptographicKey,
        assertionMethods: pairs.map((pair) => pair.multikey),
      });
    })
    .setKeyPairsDispatcher((_ctx, identifier) => keys.get(identifier as RemoteUser) ?? []);
  const keep = async (_ctx: unknown, activity: Activity) => {
    received.push((await activity.toJsonLd({ format: 'compact' })) as Record<string, unknown>);
  };
  federation
    .setInboxListeners('/users/{identifier}/inbox', '/inbox')
    .on(Accept, keep)
    .on(Reject, keep)
    .on(Create, keep)
    .on(Update, keep)
    .on(Delete, keep);

  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      void (async () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (typeof value === 'string') headers.set(name, value);
        }
        const body = chunks.length > 0 ? new Uint8Array(Buffer.concat(chunks)) : undefined;
        const request = new Request(new URL(incoming.url ?? '/', origin), {
          method: incoming.method ?? 'GET',
          headers,
          body: incoming.method === 'GET' || incoming.method === 'HEAD' ? undefined : body,
        });
        const response = await federation.fetch(request, { contextData: undefined });
        outgoing.writeHead(response.status, Object.fromEntries(response.headers));
        outgoing.end(Buffer.from(await response.arrayBuffer()));
      })().catch((error: unknown) => {
        outgoing.writeHead(500);
        outgoing.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));

  const ctx = () => federation.createContext(new URL(origin), undefined);
  const actorUrl = (user: RemoteUser) => ctx().getActorUri(user).href;

  const post: RemoteFediverse['post'] = async (inbox, activity, postOptions = {}) => {
    const text = typeof activity === 'string' ? activity : JSON.stringify(activity);
    const actor =
      typeof activity === 'string'
        ? 'remote'
        : (typeof activity.actor === 'string' ? activity.actor : '').split('/').at(-1);
    const signer = postOptions.signer ?? (actor as RemoteUser);
    const plain = new Request(inbox, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body: text,
    });
    let request = plain;
    if (!postOptions.unsigned) {
      const [rsa] = await ctx().getActorKeyPairs(signer);
      const keyId = postOptions.keyId ? new URL(postOptions.keyId) : rsa!.keyId;
      request = await signRequest(plain, rsa!.privateKey, keyId);
    }
    if (postOptions.tamper) {
      request = new Request(inbox, {
        method: 'POST',
        headers: request.headers,
        body: text.replace(/}\s*$/, ', "summary": "changed after signing"}'),
      });
    }
    const response = await fetch(request);
    return { status: response.status, body: await response.text() };
  };

  return {
    origin,
    host: `127.0.0.1:${options.port}`,
    actorUrl,
    received: () => [...received],
    async webfinger(serverOrigin, account) {
      const url = new URL('/.well-known/webfinger', serverOrigin);
      url.searchParams.set('resource', `acct:${account}`);
      const response = await fetch(url, { headers: { accept: 'application/jrd+json' } });
      if (!response.ok) throw new Error(`WebFinger answered ${response.status}`);
      const jrd = (await response.json()) as {
        links?: { rel: string; type?: string; href?: string }[];
      };
      const self = jrd.links?.find(
        (link) => link.rel === 'self' && link.type === 'application/activity+json',
      );
      if (!self?.href) throw new Error('WebFinger gave no actor');
      return self.href;
    },
    async follow(user, target) {
      const context = ctx();
      const actor = await context.lookupObject(target);
      if (!isActor(actor) || !actor.inboxId) throw new Error('no such actor');
      const follow = new Follow({
        id: new URL(`${actorUrl(user)}#follows/${crypto.randomUUID()}`),
        actor: context.getActorUri(user),
        object: new URL(target),
      });
      const answer = await post(
        actor.inboxId.href,
        (await follow.toJsonLd({ format: 'compact' })) as Record<string, unknown>,
        { signer: user },
      );
      if (answer.status >= 300) throw new Error(`Follow answered ${answer.status}: ${answer.body}`);
      return follow.id!.href;
    },
    async unfollow(user, target, followId) {
      const context = ctx();
      const actor = await context.lookupObject(target);
      if (!isActor(actor) || !actor.inboxId) throw new Error('no such actor');
      const undo = new Undo({
        id: new URL(`${actorUrl(user)}#undo/${crypto.randomUUID()}`),
        actor: context.getActorUri(user),
        object: new Follow({
          id: new URL(followId),
          actor: context.getActorUri(user),
          object: new URL(target),
        }),
      });
      const answer = await post(
        actor.inboxId.href,
        (await undo.toJsonLd({ format: 'compact' })) as Record<string, unknown>,
        { signer: user },
      );
      if (answer.status >= 300) throw new Error(`Undo answered ${answer.status}: ${answer.body}`);
    },
    post,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
