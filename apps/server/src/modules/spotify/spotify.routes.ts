import { spotifyArtistAnswer } from '@jiffy/contracts';
import type { FastifyInstance } from 'fastify';
import { withRetryAfter } from '../accounts/index.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import { spotifyArtistQuery } from './spotify-input.schema.ts';
import { presentSpotifyArtist } from './spotify-artist.presenter.ts';
import type { SpotifyArtistService } from './spotify-artist.service.ts';

/** `GET /api/v3/spotify/artist?spotify_url=`: the artist's name for a profile link. */
export function spotifyRoutes(app: FastifyInstance, deps: { spotify: SpotifyArtistService }): void {
  const artist = documented({
    summary: 'The artist an open.spotify.com/artist/… link names (anyone signed in)',
    errors: ['spotify_artist_not_found', 'url_fetch_failed'],
    description: 'Spotify is asked once per artist a day; the asking is limited per user.',
    tags: ['Profiles'],
    query: spotifyArtistQuery,
    responses: { 200: spotifyArtistAnswer },
    auth: 'session',
  });
  app.get('/api/v3/spotify/artist', artist, async (request, reply) => {
    const { spotify_url: link } = parseInput(spotifyArtistQuery, request.query);
    const artist = await withRetryAfter(reply, deps.spotify.lookup(request.principal, link));
    return reply
      .header('cache-control', 'private, max-age=3600')
      .send(presentSpotifyArtist(artist));
  });
}
