import { can, type Actor } from '../accounts/index.ts';
import type { GifRow } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type {
  GifHistoryEntry,
  GifMetadataRepository,
  GifTallies,
  GifWithUploader,
  TrendingPlace,
} from './gif-metadata.repository.ts';

/** A GIF is "trending" while it is within this many places of its type's trending list. */
export const TRENDING_TOP = 100;
/** The newest audit entries shown per GIF in the extended metadata. */
const HISTORY_PER_GIF = 50;

/** A GIF's tag and how many ready GIFs carry it. */
export interface TagCount {
  tag: string;
  count: number;
}

/** What the owner and staff see of a GIF: the row, its tallies and its moderation history. */
export interface ExtendedMetadata {
  gif: GifWithUploader;
  tallies: GifTallies;
  history: GifHistoryEntry[];
  /** Staff see who acted in the history; an owner sees what was done, not by whom. */
  showActors: boolean;
}

/** One of the user's own GIFs, with the rendition its grid shows (null before there is one). */
export interface OwnGif {
  gif: GifRow;
  preview: { name: string; format: string } | null;
}

/**
 * The metadata calls: public facts of ready GIFs for anyone, the full record for the owner and
 * staff, and trending places. Lists answer in the order asked, leaving out what the caller may
 * not see (an absent GIF and another's are alike, so nothing is revealed by an id).
 */
export class GifMetadataService {
  readonly #repo: GifMetadataRepository;

  constructor(repo: GifMetadataRepository) {
    this.#repo = repo;
  }

  /** Each tag of a ready GIF with how many ready GIFs carry it, in the GIF's tag order. */
  async tagCounts(gifId: string): Promise<TagCount[]> {
    const [gif] = await this.#repo.withUploaders([gifId]);
    if (gif?.status !== 'ready') throw new AppError('gif_not_found', 'No GIF with that id.');
    const counts = await this.#repo.readyCountsOfTags(gif.tags);
    return gif.tags.map((tag) => ({ tag, count: counts.get(tag) ?? 0 }));
  }

  /** The ready GIFs among `ids`, in the order asked. */
  async metadata(ids: string[]): Promise<GifWithUploader[]> {
    const rows = await this.#repo.withUploaders(ids);
    return inOrder(
      ids,
      rows.filter((gif) => gif.status === 'ready'),
    );
  }

  /**
   * The full record of the GIFs among `ids` that `actor` may edit (their own, or any for staff),
   * whatever their status; other GIFs are left out. Nobody signed in: 401.
   */
  async extendedMetadata(actor: Actor | null, ids: string[]): Promise<ExtendedMetadata[]> {
    if (!actor) throw new AppError('not_signed_in', 'Sign in to see extended metadata.');
    const rows = inOrder(
      ids,
      (await this.#repo.withUploaders(ids)).filter((gif) =>
        can(actor, 'gif.edit', { ownerId: gif.user_id }),
      ),
    );
    const shown = rows.map((gif) => gif.id);
    const [tallies, history] = await Promise.all([
      this.#repo.tallies(shown),
      this.#repo.history(shown, HISTORY_PER_GIF),
    ]);
    const staff = can(actor, 'gif.moderate');
    return rows.map((gif) => ({
      gif,
      tallies: tallies.get(gif.id)!,
      history: history.filter((entry) => entry.gif_id === gif.id),
      showActors: staff,
    }));
  }

  /**
   * The signed-in user's own GIFs (unlisted, processing and failed ones too), newest first, with
   * a preview rendition each where one exists; `next` is the offset of the following page.
   */
  async mine(
    actor: Actor | null,
    page: { offset: number; limit: number },
  ): Promise<{ gifs: OwnGif[]; next: number | null }> {
    if (!actor) throw new AppError('not_signed_in', 'Sign in to see your GIFs.');
    const rows = await this.#repo.ownedBy(actor.id, page);
    const gifs = rows.slice(0, page.limit);
    const previews = await this.#repo.previews(gifs.map((gif) => gif.id));
    return {
      gifs: gifs.map((gif) => ({ gif, preview: previews.get(gif.id) ?? null })),
      next: rows.length > page.limit ? page.offset + page.limit : null,
    };
  }

  /** Where each ready GIF among `ids` stands in trending, in the order asked. */
  async trending(ids: string[]): Promise<TrendingPlace[]> {
    return inOrder(ids, await this.#repo.trendingPlaces(ids, TRENDING_TOP));
  }
}

/** `rows` in the order of `ids`. */
function inOrder<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
