import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { consumeOrRefuse, type AttemptLimits, type Actor } from '../accounts/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { CacheRegistry } from '../../platform/cache/cache-registry.ts';
import type { NamedCache } from '../../platform/cache/named-cache.ts';
import type { SpotifyArtistLink } from './spotify-artist-url.ts';

export interface SpotifyArtist extends SpotifyArtistLink {
  name: string;
}

/** Fetches a URL into a file (the URL import's SSRF-safe download). */
export type SafeDownload = (url: string, destPath: string) => Promise<unknown>;

export interface SpotifyArtistDeps {
  download: SafeDownload;
  /** Spotify's public oEmbed endpoint (a stand-in server's in tests). */
  oembedUrl: string;
  tempDir: string;
  limits: AttemptLimits;
  caches: CacheRegistry;
}

/** What Spotify's oEmbed answers that Jiffy reads: the artist's name is its `title`. */
const oembedAnswer = z.object({ title: z.string().trim().min(1).max(200) });

/** Look-ups a user may cause: linking a profile is a handful, not a crawler. */
const LOOKUPS_PER_USER = { points: 30, durationSeconds: 60 * 60 };

/**
 * Reads a Spotify artist's name for a creator's profile link, through Spotify's public oEmbed
 * endpoint, with the URL import's safe fetch and only for `open.spotify.com/artist/…` URLs
 * (the schema's job). Names are kept a day per node: an artist's name rarely changes, and a
 * profile page must not ask Spotify on every view.
 */
export class SpotifyArtistService {
  readonly #deps: SpotifyArtistDeps;
  readonly #names: NamedCache<string>;
  constructor(deps: SpotifyArtistDeps) {
    this.#deps = deps;
    this.#names = deps.caches.create({
      name: 'spotify_artist_names',
      max: 10_000,
      ttlMs: 24 * 60 * 60 * 1000,
    });
  }

  /** `GET /api/v3/spotify/artist`: for signed-in users (it fetches from another server). */
  async lookup(actor: Actor | null, link: SpotifyArtistLink): Promise<SpotifyArtist> {
    // Anyone signed in may link their profile; nobody else may make Jiffy fetch for them.
    if (!actor) throw new AppError('not_signed_in', 'Sign in to link a Spotify artist.');
    return this.artist(actor, link);
  }

  /** The artist's name, from the cache or Spotify; a user's uncached look-ups are limited. */
  async artist(actor: Actor, link: SpotifyArtistLink): Promise<SpotifyArtist> {
    const cached = this.#names.get(link.artistId);
    if (cached) return { ...link, name: cached };
    await consumeOrRefuse(this.#deps.limits.limiter('spotify-user', LOOKUPS_PER_USER), actor.id);
    const name = await this.#fetchName(link);
    this.#names.set(link.artistId, name);
    return { ...link, name };
  }

  async #fetchName(link: SpotifyArtistLink): Promise<string> {
    const query = new URL(this.#deps.oembedUrl);
    query.searchParams.set('url', link.url);
    await fs.mkdir(this.#deps.tempDir, { recursive: true });
    const file = path.join(this.#deps.tempDir, `spotify-${randomUUID()}.json`);
    try {
      try {
        await this.#deps.download(query.href, file);
      } catch (error) {
        // Spotify answers 404 for an id that names no artist.
        if (error instanceof AppError && /HTTP 404\b/.test(error.message))
          throw new AppError('spotify_artist_not_found', 'Spotify has no artist at that URL.');
        throw new AppError('url_fetch_failed', 'Spotify could not be reached; try again later.');
      }
      const parsed = oembedAnswer.safeParse(
        JSON.parse(await fs.readFile(file, 'utf8').catch(() => 'null')),
      );
      if (!parsed.success)
        throw new AppError('url_fetch_failed', 'Spotify answered something Jiffy cannot read.');
      return parsed.data.title;
    } catch (error) {
      if (error instanceof SyntaxError)
        throw new AppError('url_fetch_failed', 'Spotify answered something Jiffy cannot read.');
      throw error;
    } finally {
      await fs.rm(file, { force: true });
    }
  }
}
