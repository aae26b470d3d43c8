import type { Gif } from '@jiffy/contracts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { GifRow, GifStatus } from '../../platform/db/schema.ts';
import type { UserRepository } from '../users/index.ts';
import type { GifRepository } from './gif.repository.ts';
import {
  presentGif,
  RESPONSE_ID_SLOT,
  type PresenterUrls,
  type ShownGif,
  type ShownUser,
} from './gif.presenter.ts';
import type { SerializedGifCache } from './serialized-gif-cache.ts';
import { SlottedJson } from './slotted-json.ts';
import type { ShownRendition } from './images.presenter.ts';
import type { RenditionRepository } from './rendition.repository.ts';

/**
 * A GIF row to present. A list that fetched its renditions and uploader along with it passes
 * them here (`user` null: it has none).
 */
export type ListedGif = ShownGif & {
  renditions?: ShownRendition[];
  user?: ShownUser | null;
};

/**
 * A GIF as a list read it, packed in one text: `content` holds everything its object shows (see
 * listedGifs), so JSON serialized from the same content before is reused (SerializedGifCache),
 * and the text is only unpacked for a GIF not serialized yet or changed since.
 */
export interface PackedGif {
  id: string;
  content: string;
  unpack(): ListedGif;
}

/** Where an upload stands, for uploaders waiting on it. */
export interface UploadStatus {
  id: string;
  status: GifStatus;
  error: { code: string; message: string } | null;
  /** True once every rendition (not only those a page needs) exists. */
  renditions_complete: boolean;
  /** Set on a ready GIF whose remaining renditions will not come (`renditions_failed`). */
  renditions_error: { code: string; message: string } | null;
  gif: Gif | null;
}

/** Reads GIFs for the public API and upload status. */
export class GifReadService {
  readonly #gifs: GifRepository;
  readonly #renditions: RenditionRepository;
  readonly #users: UserRepository;
  readonly #urls: PresenterUrls;
  readonly #serialized: SerializedGifCache;

  constructor(deps: {
    gifs: GifRepository;
    renditions: RenditionRepository;
    users: UserRepository;
    urls: PresenterUrls;
    serialized: SerializedGifCache;
  }) {
    this.#serialized = deps.serialized;
    this.#gifs = deps.gifs;
    this.#renditions = deps.renditions;
    this.#users = deps.users;
    this.#urls = deps.urls;
  }

  /** A ready GIF as GIPHY's object; processing, failed and removed ones are not found. */
  async getReady(id: string, responseId = ''): Promise<Gif> {
    return (await this.presentRows([await this.readyRow(id)], responseId))[0]!;
  }

  /** A ready GIF's row; processing, failed and removed ones are `gif_not_found`. */
  async readyRow(id: string): Promise<GifRow> {
    const gif = await this.#gifs.findById(id);
    if (!gif || gif.status !== 'ready') throw new AppError('gif_not_found', 'No GIF with that id.');
    return gif;
  }

  /** True when the GIF exists and is ready to be seen. */
  async isReady(id: string): Promise<boolean> {
    return (await this.#gifs.findById(id))?.status === 'ready';
  }

  /**
   * GIF objects for rows, in their order, with two queries at most: the renditions and the
   * uploaders of rows that do not carry theirs.
   */
  async presentRows(rows: (ListedGif | PackedGif)[], responseId: string): Promise<Gif[]> {
    const present = await this.#presenter(rows, responseId);
    return rows.map((row) => present(isPacked(row) ? row.unpack() : row));
  }

  /**
   * The JSON of the GIF objects of rows, as a cached answer shows them (RESPONSE_ID_SLOT for
   * the response id): a packed row's is kept while its content stays the same (see
   * SerializedGifCache), so a GIF seen before is neither unpacked nor presented again.
   */
  async serializeRows(rows: (ListedGif | PackedGif)[]): Promise<SlottedJson[]> {
    const present = await this.#presenter(rows, RESPONSE_ID_SLOT);
    return rows.map((row) =>
      isPacked(row)
        ? this.#serialized.get(row.id, row.content, () => present(row.unpack()))
        : SlottedJson.stringify(present(row)),
    );
  }

  /**
   * Rows with their renditions (unpacked, or looked up for rows that do not carry theirs), in
   * their order: for presenters of other dialects (Tenor's), which show renditions GIPHY's
   * `images` leaves out.
   */
  async withRenditions(
    rows: (ListedGif | PackedGif)[],
  ): Promise<(ListedGif & { renditions: ShownRendition[] })[]> {
    const listed = rows.map((row) => (isPacked(row) ? row.unpack() : row));
    const bare = listed.flatMap((r) => (r.renditions ? [] : [r.id]));
    const renditionsOf = Map.groupBy(await this.#renditions.listForGifs(bare), (r) => r.gif_id);
    return listed.map((row) => ({
      ...row,
      renditions: row.renditions ?? renditionsOf.get(row.id) ?? [],
    }));
  }

  /** Presents rows after looking up the renditions and uploaders that rows do not carry. */
  async #presenter(
    rows: (ListedGif | PackedGif)[],
    responseId: string,
  ): Promise<(row: ListedGif) => Gif> {
    // Packed rows carry their renditions and uploader.
    const listed = rows.filter((row): row is ListedGif => !isPacked(row));
    const userIds = [
      ...new Set(listed.flatMap((r) => (r.user_id && r.user === undefined ? [r.user_id] : []))),
    ];
    const bare = listed.flatMap((r) => (r.renditions ? [] : [r.id]));
    const [renditions, users] = await Promise.all([
      this.#renditions.listForGifs(bare),
      this.#users.findByIds(userIds),
    ]);
    const renditionsOf = Map.groupBy(renditions, (r) => r.gif_id);
    const userById = new Map(users.map((u) => [u.id, u]));
    return (row) =>
      presentGif(
        row,
        row.renditions ?? renditionsOf.get(row.id) ?? [],
        row.user ?? (row.user_id ? userById.get(row.user_id) : undefined),
        this.#urls,
        responseId,
      );
  }

  async getUploadStatus(id: string): Promise<UploadStatus> {
    const gif = await this.#gifs.findById(id);
    if (!gif) throw new AppError('gif_not_found', 'No upload with that id.');
    return {
      id: gif.id,
      status: gif.status,
      error:
        gif.status === 'failed'
          ? { code: gif.failure_code ?? 'processing_failed', message: gif.failure_message ?? '' }
          : null,
      renditions_complete: gif.renditions_complete,
      renditions_error:
        gif.status === 'ready' && gif.failure_code
          ? { code: gif.failure_code, message: gif.failure_message ?? '' }
          : null,
      gif: gif.status === 'ready' ? (await this.presentRows([gif], ''))[0]! : null,
    };
  }
}

const isPacked = (row: ListedGif | PackedGif): row is PackedGif => 'unpack' in row;
