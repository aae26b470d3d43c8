// The spotify module's face: what the rest of the server may use of it.
export type { SpotifyArtistLink } from './spotify-artist-url.ts';
export { SpotifyArtistService } from './spotify-artist.service.ts';
export { spotifyArtistUrl } from './spotify-input.schema.ts';
export { spotifyRoutes } from './spotify.routes.ts';
