import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animatedImage, multipart } from '../../../../testing/fixtures.ts';
import { insertGifRow } from '../../../../testing/gif-rows.ts';
import { OpenApiContract } from '../../../../testing/openapi-contract.ts';
import { personalTokens } from '../../../../testing/personal-tokens.ts';
import { routesOf } from '../../../../testing/route-list.ts';
import { signedInUsers, TEST_PASSWORD } from '../../../../testing/signed-in-users.ts';
import { readOutbox, SiteClient } from '../../../../testing/site-client.ts';
import { startTestJiffy, type TestJiffy } from '../../../../testing/test-jiffy.ts';
import { TENOR_PATHS } from '../../../modules/tenor/tenor.routes.ts';
import { accountsCalls } from '../../../../testing/openapi-contract/accounts.calls.ts';
import { analyticsCalls } from '../../../../testing/openapi-contract/analytics.calls.ts';
import { channelsCalls } from '../../../../testing/openapi-contract/channels.calls.ts';
import { editingCalls } from '../../../../testing/openapi-contract/editing.calls.ts';
import { federationCalls } from '../../../../testing/openapi-contract/federation.calls.ts';
import { ContractHarness } from '../../../../testing/openapi-contract/harness.ts';
import { heldUploadCalls } from '../../../../testing/openapi-contract/held-upload.calls.ts';
import { imagingCalls } from '../../../../testing/openapi-contract/imaging.calls.ts';
import { moderationCalls } from '../../../../testing/openapi-contract/moderation.calls.ts';
import { CLIP_PATH, startOutside } from '../../../../testing/openapi-contract/outside.ts';
import { profileEditsCalls } from '../../../../testing/openapi-contract/profile-edits.calls.ts';
import { profilesCalls } from '../../../../testing/openapi-contract/profiles.calls.ts';
import { sharingCalls } from '../../../../testing/openapi-contract/sharing.calls.ts';
import { staffRolesCalls } from '../../../../testing/openapi-contract/staff-roles.calls.ts';
import { staffSearchCalls } from '../../../../testing/openapi-contract/staff-search.calls.ts';
import { STILL_UNDOCUMENTED } from '../../../../testing/openapi-contract/still-undocumented.ts';
import { storiesCalls } from '../../../../testing/openapi-contract/stories.calls.ts';
import { tenorCalls } from '../../../../testing/openapi-contract/tenor.calls.ts';
import { trendingSearchesCalls } from '../../../../testing/openapi-contract/trending-searches.calls.ts';
import { openApiPath } from './openapi-document.ts';

type Json = Record<string, unknown>;

// One Jiffy, one seed: a real uploaded GIF (every rendition), one from the site, a few rows,
// signed-in users; and a loopback server for what Jiffy fetches (contract/outside.ts). Every
// documented operation must be called here (the calls of each area are in contract/*.calls.ts)
// and answer as documented.
describe('the API contract: /openapi.json against real answers', () => {
  let t: TestJiffy;
  let outside: Awaited<ReturnType<typeof startOutside>>;
  let bytes: Buffer;
  let document: Json;
  let contract: OpenApiContract;
  let h: ContractHarness;
  let users: Record<string, SiteClient>;
  let tokens: Record<string, string>;
  let gifId: string;
  let siteGifId: string;

  const holds = (method: string, url: string, response: LightMyRequestResponse): Json =>
    h.holds(method, url, response);

  const keyed = (url: string) => `${url}${url.includes('?') ? '&' : '?'}api_key=${t.apiKey}`;
  /** A public API call with the instance's key; `status` is what it must answer. */
  async function publicCall(
    url: string,
    status = 200,
    init: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: object; token?: string } = {},
  ): Promise<Json> {
    return h.call(
      {
        method: init.method ?? 'GET',
        url: keyed(url),
        ...(init.body ? { body: init.body } : {}),
        ...(init.token ? { headers: { authorization: `Token ${init.token}` } } : {}),
      },
      status,
    );
  }

  beforeAll(async () => {
    bytes = await animatedImage({ width: 120, height: 90, frames: 4 });
    outside = await startOutside(bytes);
    t = await startTestJiffy(outside.env);
    const doc = await t.jiffy.app.inject('/openapi.json');
    expect(doc.statusCode).toBe(200);
    document = doc.json();
    contract = new OpenApiContract(document);
    users = await signedInUsers(t, [
      ['ann', 'user'],
      ['mod', 'moderator'],
      ['boss', 'admin'],
    ]);
    tokens = await personalTokens(users);
    h = new ContractHarness(t, contract, { gifId: '', siteGifId: '', users, tokens });
    const response = await t.jiffy.app.inject({
      method: 'POST',
      url: '/v1/gifs',
      ...multipart(
        { api_key: t.apiKey, tags: 'cat,cute', title: 'Cat nap' },
        { name: 'cat.gif', bytes },
      ),
    });
    gifId = (holds('POST', '/v1/gifs', response).data as { id: string }).id;
    const site = await users.ann!.request({
      method: 'POST',
      url: '/api/v1/uploads',
      form: multipart({ tags: 'cat,sleepy', title: 'Sleepy cat' }, { name: 'c.gif', bytes }),
    });
    expect(site.statusCode, site.body).toBe(201);
    siteGifId = (holds('POST', '/api/v1/uploads', site).data as { id: string }).id;
    h.seed.gifId = gifId;
    h.seed.siteGifId = siteGifId;
    const gifs = t.jiffy.services.gifRepository;
    await insertGifRow(gifs, { id: 'gcute1', title: 'Cute cat', tags: ['cat', 'cute'] });
    await insertGifRow(gifs, {
      id: 'emoji1',
      type: 'sticker',
      title: 'Smile',
      tags: ['emoji', 'smile'],
    });
    await insertGifRow(gifs, { id: 'emoji2', type: 'sticker', tags: ['emoji', 'smile'] });
    expect(await t.waitForGif(gifId, { complete: true })).toBe('ready');
    expect(await t.waitForGif(siteGifId, { complete: true })).toBe('ready');
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
    await outside?.server.close();
  });

  it("passes Redocly's recommended lint rules with no error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'openapi.json',
      config,
    });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer})`);
    expect(errors).toEqual([]);
  });

  it('serves an OpenAPI 3.1 document, and a docs page whose files are all local', async () => {
    expect(document.openapi).toBe('3.1.0');
    const page = await t.jiffy.app.inject('/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources).toEqual([
      '/docs/swagger-ui.css',
      '/docs/swagger-ui-bundle.js',
      '/docs/init.js',
    ]);
    for (const source of sources) {
      const file = await t.jiffy.app.inject(source);
      expect(file.statusCode, source).toBe(200);
      expect(file.body.length, source).toBeGreaterThan(0);
    }
    expect((await t.jiffy.app.inject('/docs/init.js')).body).toContain("url: '/openapi.json'");
  });

  it('documents every /v1 and /v2 route, and names exactly the API routes it does not yet', () => {
    const registered = routesOf(t.jiffy.app.printRoutes({ commonPrefix: false }));
    const documented = new Set(contract.operations.map((o) => o.key));
    // GIPHY's dialect and Tenor's (`/v2/search`, `/v2/featured`…) are documented whole.
    const publicRoutes = registered
      .filter((r) => /^\/v[12]\//.test(r.path))
      .flatMap((r) =>
        r.methods.filter((m) => m !== 'OPTIONS').map((m) => `${m} ${openApiPath(r.path)}`),
      );
    expect(publicRoutes.length).toBeGreaterThan(40);
    expect(publicRoutes.filter((key) => !documented.has(key))).toEqual([]);
    const tenor = TENOR_PATHS.map((p) => `GET ${p}`);
    expect(tenor.filter((key) => !documented.has(key))).toEqual([]);
    // What is left is named, and only what the allow-list names: it only shrinks.
    const undocumented = document['x-undocumented'] as string[];
    expect([...undocumented].sort()).toEqual([...STILL_UNDOCUMENTED].sort());
    const site = (key: string) => /^\w+ \/(api|ajax|login|imaging)\//.test(key);
    const gateway = (key: string) => /^\w+ \/x\//.test(key);
    console.info(
      `OpenAPI: ${publicRoutes.length} public API operations documented (${tenor.length} of ` +
        `them Tenor's); site API ${[...documented].filter(site).length} documented, ` +
        `${undocumented.filter(site).length} not yet; gateway ` +
        `${[...documented].filter(gateway).length} documented, ` +
        `${undocumented.filter(gateway).length} not yet`,
    );
  });

  it('answers every public API call as documented', async () => {
    for (const kind of ['gifs', 'stickers', 'videos']) {
      await publicCall(`/v1/${kind}/search?q=cat`);
      await publicCall(`/v1/${kind}/trending`);
      await publicCall(`/v1/${kind}/related?gif_id=${gifId}`);
    }
    const found = await publicCall('/v1/gifs/search?q=cat&limit=5');
    expect((found.data as unknown[]).length).toBeGreaterThan(0);
    for (const kind of ['gifs', 'stickers']) {
      await publicCall(`/v1/${kind}/random`);
      await publicCall(`/v1/${kind}/random?tag=nothing-has-this`);
      await publicCall(`/v1/${kind}/translate?s=cat`);
    }
    await publicCall('/v1/emoji');
    const emoji = await publicCall('/v2/emoji');
    expect((emoji.data as unknown[]).length).toBe(2);
    await publicCall('/v2/emoji/emoji1/variations');
    await publicCall(`/v1/gifs/${gifId}/associations`);
    const byIds = await publicCall(`/v1/gifs?ids=${gifId},${siteGifId},unknown1`);
    expect((byIds.data as { id: string }[]).map((g) => g.id)).toEqual([gifId, siteGifId]);
    const one = await publicCall(`/v1/gifs/${gifId}`);
    expect(Object.keys((one.data as { images: object }).images)).toContain('fixed_height');
    await publicCall('/v1/gifs/search/tags?q=ca');
    await publicCall('/v1/tags/related/cat');
    await publicCall('/v1/trending/searches');
    await publicCall('/v2/trending/searches');
    await publicCall('/v1/channels/search?q=ann');
    await publicCall('/v1/randomid');
    await publicCall('/v1/gifs/categories');
    await publicCall('/v1/gifs/categories/cat');
    await publicCall('/v1/gifs/categories/cat/cute');
    const payload = (one.data as { analytics_response_payload: string }).analytics_response_payload;
    const batch = await publicCall('/v2/pingback', 200, {
      method: 'POST',
      body: { events: [{ action_type: 'SEEN', analytics_response_payload: payload }, {}] },
    });
    expect(batch.data).toEqual({ received: 2, stored: 1, dropped: 1 });
    await publicCall(
      `/v2/pingback/simple?action_type=CLICK&analytics_response_payload=${encodeURIComponent(payload)}`,
      204,
    );
    const cta = { link: 'https://example.com/more', text: 'More cats' };
    await publicCall(`/v1/gifs/${gifId}/cta`, 200, { method: 'PUT', body: cta, token: tokens.mod });
    await publicCall(`/v1/gifs/${gifId}/cta`, 200, { method: 'DELETE', token: tokens.mod });
  });

  it("answers refusals in the public API's documented error envelope", async () => {
    const refused = async (url: string, status: number, code: string, key = true) => {
      const response = await t.jiffy.app.inject(key ? keyed(url) : url);
      expect(response.statusCode, url).toBe(status);
      const body = holds('GET', url, response) as { meta: { error_code: string } };
      expect(body.meta.error_code).toBe(code);
    };
    await refused('/v1/gifs/search?q=cat&limit=lots', 400, 'invalid_request');
    await refused('/v1/gifs/search?q=cat&api_key=nope', 401, 'api_key_invalid', false);
    await refused(`/v1/gifs/search?q=${'x'.repeat(51)}`, 414, 'query_too_long');
    await refused('/v1/gifs/nosuchgif1', 404, 'gif_not_found');
    await refused('/v1/gifs?ids=not%20an%20id', 400, 'invalid_request');
  });

  const siteCall = (
    client: SiteClient,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    status: number,
    body?: object,
  ): Promise<Json> => h.site(client, method, url, status, body);

  it('answers the documented site API calls as documented', async () => {
    const ann = users.ann!;
    const upload = await siteCall(ann, 'GET', `/api/v1/uploads/${siteGifId}`, 200);
    expect((upload.data as { status: string }).status).toBe('ready');
    await siteCall(ann, 'GET', '/api/v1/uploads/nosuchgif1', 404);
    await siteCall(ann, 'GET', '/api/v1/instance/stats', 200);
    await siteCall(ann, 'GET', '/api/v3/env/build', 200);

    const me = await siteCall(ann, 'GET', '/login/check', 200);
    expect(me.data).toMatchObject({ logged_in: true, user: { username: 'ann' } });
    const visitor = new SiteClient(t.jiffy.app);
    expect((await siteCall(visitor, 'GET', '/login/check', 200)).data).toEqual({
      logged_in: false,
      user: null,
    });
    await siteCall(visitor, 'GET', '/api/v1/favorites', 401);
    const account = { username: 'newbie', email: 'newbie@example.com', password: TEST_PASSWORD };
    await siteCall(visitor, 'POST', '/api/v3/register', 201, account);
    await siteCall(visitor, 'POST', '/api/v3/register', 400, { ...account, email: 'no' });
    await siteCall(visitor, 'POST', '/api/v3/register/resend', 200, { email: account.email });
    // The link of the last mail (the resend's), as the new user opens it: it works once.
    const mail = (await readOutbox(t.dataDir)).filter((m) => m.to === account.email).at(-1)!;
    const token = /confirm=([A-Za-z0-9]+)/.exec(mail.text)![1]!;
    await siteCall(visitor, 'POST', '/api/v3/register/confirm', 200, { token });
    await siteCall(visitor, 'POST', '/api/v3/register/confirm', 400, { token });
    await siteCall(visitor, 'POST', '/api/v3/password/reset', 200, { email: 'ann@example.com' });
    await siteCall(visitor, 'POST', '/api/v3/login', 200, {
      login: 'ann',
      password: TEST_PASSWORD,
    });
    await siteCall(visitor, 'POST', '/api/v3/logout', 200);

    await siteCall(ann, 'POST', '/api/v1/favorites', 201, { gif_id: gifId });
    const kept = await siteCall(ann, 'GET', '/api/v1/favorites', 200);
    expect((kept.data as { id: string }[]).map((g) => g.id)).toEqual([gifId]);
    await siteCall(ann, 'GET', `/api/v1/favorites/${gifId}`, 200);
    await siteCall(ann, 'DELETE', `/api/v1/favorites/${gifId}`, 200);

    const made = await siteCall(ann, 'POST', '/api/v3/tokens', 201, { name: 'script' });
    await siteCall(ann, 'GET', '/api/v3/tokens', 200);
    await siteCall(ann, 'DELETE', `/api/v3/tokens/${(made.data as { id: string }).id}`, 200);
    const key = await siteCall(ann, 'POST', '/api/v3/api-keys', 201, { name: 'my app' });
    await siteCall(ann, 'GET', '/api/v3/api-keys', 200);
    await siteCall(ann, 'DELETE', `/api/v3/api-keys/${(key.data as { key: string }).key}`, 200);
  });

  it("answers Tenor's dialect as documented", () => tenorCalls(h));

  it('answers the channel calls as documented', () => channelsCalls(h));

  it('answers the gateway (stories, the trending schedule) as documented', () => storiesCalls(h));

  it('answers the moderation calls as documented', () => moderationCalls(h));

  it('answers the editing and metadata calls as documented', () => editingCalls(h));

  it('answers the analytics calls as documented', () => analyticsCalls(h));

  it('answers staff search as documented', () => staffSearchCalls(h));

  it('answers the staff roles calls as documented', () => staffRolesCalls(h));
  it('answers the trending-search moderation calls as documented', () => trendingSearchesCalls(h));

  it('answers creator applications as documented', () => accountsCalls(h));

  it('answers profiles, the team, artists and studios as documented', () => profilesCalls(h));

  it('answers instashare as documented', () => sharingCalls(h));

  it('answers the federation calls as documented', () => federationCalls(h));

  it('answers trims, in MP4 and GIF, as documented', () =>
    imagingCalls(h, `${outside.server.origin}${CLIP_PATH}`, bytes));

  it('shows moderators an upload held for review, as documented', () => heldUploadCalls(h));

  // Last: ann's profile changes, which the other areas' answers need not know of.
  it('answers profile edits, Spotify links and avatars as documented', () => profileEditsCalls(h));

  it('has called every documented operation', () => {
    const never = contract.operations.map((o) => o.key).filter((key) => !h.exercised.has(key));
    expect(never).toEqual([]);
  });
});
