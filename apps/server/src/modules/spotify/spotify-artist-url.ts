/** A Spotify artist, as Jiffy keeps the link to one. */
export interface SpotifyArtistLink {
  artistId: string;
  /** `https://open.spotify.com/artist/<id>`: no tracking query, no locale segment. */
  url: string;
}

// Spotify ids are 22 characters of base 62; a locale segment (`/intl-de/`) may come first.
const ARTIST_PATH = /^\/(?:intl-[a-z]{2}(?:-[A-Za-z]{2})?\/)?artist\/([0-9A-Za-z]{22})\/?$/;

/**
 * The artist an `open.spotify.com/artist/…` URL names, or null for any other URL: only these
 * are looked up, so the call cannot be used to make Jiffy fetch anything else.
 */
export function parseArtistUrl(text: string): SpotifyArtistLink | null {
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  if (url.protocol !== 'https:' || url.hostname !== 'open.spotify.com' || url.port !== '')
    return null;
  if (url.username || url.password) return null;
  const match = ARTIST_PATH.exec(url.pathname);
  if (!match) return null;
  const artistId = match[1]!;
  return { artistId, url: `https://open.spotify.com/artist/${artistId}` };
}
