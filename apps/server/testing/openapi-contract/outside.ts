import { startFixtureServer, type FixtureServer } from '../test-fixture-server.ts';

/** The Spotify artist the stand-in knows, and a GIF it serves for `/imaging/trim`'s media_url. */
export const SPOTIFY_ARTIST = { id: '4tZwfgrHOc3mvqYlEYSvVi', name: 'Daft Punk' };
export const CLIP_PATH = '/clip.gif';

/**
 * What the contract test's Jiffy fetches from (no internet here): a loopback server standing
 * in for Spotify's oEmbed endpoint and for a site hosting a GIF, as the Spotify and trim route
 * tests stand theirs up. Jiffy reaches it through the URL import's own guard, which lets this
 * one host:port through (URL_IMPORT_ALLOW_HOSTS) and nothing else private.
 */
export async function startOutside(
  clip: Buffer,
): Promise<{ server: FixtureServer; env: Record<string, string> }> {
  const server = await startFixtureServer((request, response) => {
    const url = new URL(request.url!, 'http://outside');
    if (url.pathname === CLIP_PATH) return void response.writeHead(200).end(clip);
    const id = url.pathname === '/oembed' ? url.searchParams.get('url')?.split('/').pop() : null;
    if (id !== SPOTIFY_ARTIST.id) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ title: SPOTIFY_ARTIST.name, type: 'rich' }));
  });
  return {
    server,
    env: {
      SPOTIFY_OEMBED_URL: `${server.origin}/oembed`,
      URL_IMPORT_ALLOW_HOSTS: server.hostPort,
    },
  };
}
