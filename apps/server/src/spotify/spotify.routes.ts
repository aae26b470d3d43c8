import type { FastifyInstance } from 'fastify';
import type { AccountService } from '../accounts/account.service.ts';
import { withRetryAfter } from '../accounts/attempt-limits.ts';
import { currentUser } from '../accounts/current-user.ts';
import { parseInput } from '../http/parse-input.ts';
import { spotifyArtistQuery } from './spotify-input.schema.ts';
import { presentSpotifyArtist } from './spotify-artist.presenter.ts';
import type { SpotifyArtistService } from './spotify-artist.service.ts';

/** `GET /api/v3/spotify/artist?spotify_url=` (§7): the artist's name for a profile link. */
export function spotifyRoutes(
  app: FastifyInstance,
  deps: { spotify: SpotifyArtistService; accounts: AccountService },
): void {
  app.get('/api/v3/spotify/artist', async (request, reply) => {
    const { spotify_url: link } = parseInput(spotifyArtistQuery, request.query);
    const actor = await currentUser(request, deps.accounts);
    const artist = await withRetryAfter(reply, deps.spotify.lookup(actor, link));
    return reply
      .header('cache-control', 'private, max-age=3600')
      .send(presentSpotifyArtist(artist));
  });
}
