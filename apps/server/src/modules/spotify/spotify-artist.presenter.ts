import type { SpotifyArtistObject } from '@jiffy/contracts';
import type { SpotifyArtist } from './spotify-artist.service.ts';

/** An artist as the site reads it (`name`, as GIPHY's client does). */
export function presentSpotifyArtist(artist: SpotifyArtist): SpotifyArtistObject {
  return { name: artist.name, artist_id: artist.artistId, spotify_url: artist.url };
}
