import { z } from 'zod';
import { parseArtistUrl } from './spotify-artist-url.ts';

/** An `open.spotify.com/artist/…` URL, as its canonical link. */
export const spotifyArtistUrl = z
  .string()
  .trim()
  .max(500)
  .transform((text, context) => {
    const link = parseArtistUrl(text);
    if (!link) {
      context.addIssue({
        code: 'custom',
        message: 'an https://open.spotify.com/artist/… URL',
      });
      return z.NEVER;
    }
    return link;
  });

/** `GET /api/v3/spotify/artist?spotify_url=`. */
export const spotifyArtistQuery = z.strictObject({ spotify_url: spotifyArtistUrl });
