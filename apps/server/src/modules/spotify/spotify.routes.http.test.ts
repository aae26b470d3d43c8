import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from '../../../testing/test-fixture-server.ts';
import type { SiteClient } from '../../../testing/site-client.ts';
import { permissionMatrix } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';

type ErrorBody = { error: { code: string } };
type Profile = { data: { spotify_url: string; spotify_artist_name: string } };

const DAFT = '4tZwfgrHOc3mvqYlEYSvVi';
const NOBODY = '0000000000000000000000';
const GARBLED = '1111111111111111111111';
const artistUrl = (id: string) => `https://open.spotify.com/artist/${id}`;

// A stand-in for Spotify's public oEmbed endpoint (no internet here): it knows one artist by
// name, says 404 for NOBODY, answers nonsense for GARBLED and names any other id after itself.
describe('Spotify artist links (GET /api/v3/spotify/artist, profile spotify_url)', () => {
  let spotify: FixtureServer;
  let t: TestJiffy;
  let users: Record<string, SiteClient>;
  let visitor: SiteClient;
  const lookup = (client: SiteClient, url: string) =>
    client.get(`/api/v3/spotify/artist?spotify_url=${encodeURIComponent(url)}`);
  const code = (response: { json: <T>() => T }) => response.json<ErrorBody>().error.code;
  const asked = () =>
    spotify.requests.map((r) => new URL(r.url!, spotify.origin).searchParams.get('url'));

  beforeAll(async () => {
    spotify = await startFixtureServer((request, response) => {
      const asked = new URL(request.url!, 'http://x').searchParams.get('url') ?? '';
      const id = asked.split('/').pop()!;
      if (id === NOBODY) return void response.writeHead(404).end('{"error":"not found"}');
      response.writeHead(200, { 'content-type': 'application/json' });
      if (id === GARBLED) return void response.end('<html>surprise</html>');
      const title = id === DAFT ? 'Daft Punk' : `Artist ${id.slice(0, 6)}`;
      response.end(JSON.stringify({ title, type: 'rich', provider_name: 'Spotify' }));
    });
    t = await startTestJiffy({
      SPOTIFY_OEMBED_URL: `${spotify.origin}/oembed`,
      URL_IMPORT_ALLOW_HOSTS: spotify.hostPort,
    });
    ({ users, visitor } = await permissionMatrix(t));
  });
  afterAll(async () => {
    await t.stop();
    await spotify.close();
  });

  it("reads an artist's name for anyone signed in, asking Spotify once", async () => {
    const refused = await lookup(visitor, artistUrl(DAFT));
    expect([refused.statusCode, code(refused)]).toEqual([401, 'not_signed_in']);
    expect(spotify.requests).toEqual([]);
    for (const [who, client] of Object.entries(users)) {
      // Spotify's share links carry a tracking query and sometimes a locale.
      const response = await lookup(client, `${artistUrl(DAFT)}?si=abc123`);
      expect([who, response.statusCode]).toEqual([who, 200]);
      expect(response.json()).toEqual({
        name: 'Daft Punk',
        artist_id: DAFT,
        spotify_url: artistUrl(DAFT),
      });
    }
    const localized = await lookup(
      users['ann']!,
      `https://open.spotify.com/intl-de/artist/${DAFT}`,
    );
    expect(localized.json()).toMatchObject({ name: 'Daft Punk' });
    // Asked once, for the canonical link; every other answer came from the cache.
    expect(asked()).toEqual([artistUrl(DAFT)]);
  });

  it('looks up only open.spotify.com artist pages, and says what Spotify said', async () => {
    const before = spotify.requests.length;
    const notArtists = [
      `http://open.spotify.com/artist/${DAFT}`,
      `https://open.spotify.com.evil.example/artist/${DAFT}`,
      `https://evil.example/artist/${DAFT}`,
      `https://open.spotify.com:8443/artist/${DAFT}`,
      `https://someone@open.spotify.com/artist/${DAFT}`,
      `https://open.spotify.com/track/${DAFT}`,
      `https://open.spotify.com/artist/${DAFT}/../../oembed`,
      'https://open.spotify.com/artist/short',
      `https://127.0.0.1:${spotify.port}/artist/${DAFT}`,
      'not a url',
      `${artistUrl(DAFT)}?${'x'.repeat(600)}`,
    ];
    for (const url of notArtists) {
      const response = await lookup(users['ann']!, url);
      expect([url, response.statusCode, code(response)]).toEqual([url, 400, 'invalid_request']);
    }
    for (const query of ['', `?spotify_url=${artistUrl(DAFT)}&extra=1`]) {
      const response = await users['ann']!.get(`/api/v3/spotify/artist${query}`);
      expect([query, response.statusCode]).toEqual([query, 400]);
    }
    expect(spotify.requests.length).toBe(before);

    const unknown = await lookup(users['ann']!, artistUrl(NOBODY));
    expect([unknown.statusCode, code(unknown)]).toEqual([404, 'spotify_artist_not_found']);
    const garbled = await lookup(users['ann']!, artistUrl(GARBLED));
    expect([garbled.statusCode, code(garbled)]).toEqual([422, 'url_fetch_failed']);
  });

  it('links a profile to the artist with its name, and unlinks it', async () => {
    const ann = users['ann']!;
    const linked = await ann.request({
      method: 'PATCH',
      url: '/api/v1/users/idann/',
      body: { spotify_url: `https://open.spotify.com/intl-fr/artist/${DAFT}?si=xyz` },
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json<Profile>().data).toMatchObject({
      spotify_url: artistUrl(DAFT),
      spotify_artist_name: 'Daft Punk',
    });
    const seen = (await visitor.get('/api/v1/users/idann/')).json<Profile>().data;
    expect([seen.spotify_url, seen.spotify_artist_name]).toEqual([artistUrl(DAFT), 'Daft Punk']);

    // Someone else's profile, an unknown artist, another site: refused, nothing changed.
    const refusals: [SiteClient, object, number, string][] = [
      [users['ben']!, { spotify_url: '' }, 403, 'forbidden'],
      [ann, { spotify_url: artistUrl(NOBODY) }, 404, 'spotify_artist_not_found'],
      [ann, { spotify_url: 'https://evil.example/artist/x' }, 400, 'invalid_request'],
      [ann, { spotify_url: 42 }, 400, 'invalid_request'],
    ];
    for (const [client, body, status, errorCode] of refusals) {
      const response = await client.request({ method: 'PATCH', url: '/api/v1/users/idann/', body });
      expect([body, response.statusCode, code(response)]).toEqual([body, status, errorCode]);
    }
    const still = (await visitor.get('/api/v1/users/idann/')).json<Profile>().data;
    expect(still.spotify_artist_name).toBe('Daft Punk');

    const unlinked = await ann.request({
      method: 'PATCH',
      url: '/api/v1/users/idann/',
      body: { spotify_url: null },
    });
    expect(unlinked.json<Profile>().data).toMatchObject({
      spotify_url: '',
      spotify_artist_name: '',
    });
  });

  it("limits one user's look-ups that reach Spotify", async () => {
    const cat = users['cat']!;
    const id = (n: number) => `Z${String(n).padStart(21, '0')}`;
    for (let n = 0; n < 30; n++) expect((await lookup(cat, artistUrl(id(n)))).statusCode).toBe(200);
    const limited = await lookup(cat, artistUrl(id(30)));
    expect([limited.statusCode, code(limited)]).toEqual([429, 'too_many_attempts']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // What is cached costs nothing, and another user still has their own allowance.
    expect((await lookup(cat, artistUrl(DAFT))).statusCode).toBe(200);
    expect((await lookup(users['mod']!, artistUrl(id(30)))).statusCode).toBe(200);
  });
});
