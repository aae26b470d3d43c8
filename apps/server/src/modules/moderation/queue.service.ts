import type { Gif } from '@jiffy/contracts';
import { authorize, type Actor } from '../accounts/index.ts';
import type { GifRow } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { GifReadService, RenditionRepository } from '../gifs/index.ts';
import type { BlobStorage } from '../../platform/storage/blob-storage.ts';
import type { AuditRow } from '../audit-log/index.ts';
import type { QueuePosition, QueueKind, QueueRepository, QueueRow } from './queue.repository.ts';

/** A GIF as the queue shows it: its object, its status and its moderation history. */
export interface QueueGif {
  gif: Gif;
  row: GifRow;
  history: AuditRow[];
}

export interface QueueItem {
  row: QueueRow;
  /** The GIF the item is about (none for a search report). */
  gif: QueueGif | null;
  /**
   * A search report's shown GIFs, in the answer's order, or the other user's GIF a
   * near-duplicate resembles (those that still exist).
   */
  shown: QueueGif[];
}

const HISTORY_PER_GIF = 10;
/** The animated renditions a preview may show, smallest first. */
const PREVIEW_RENDITIONS = ['fixed_width', 'fixed_height', 'downsized', 'original'];

/** The moderation queue: what needs a decision, oldest first; moderators and admins. */
export class QueueService {
  readonly #queue: QueueRepository;
  readonly #reads: GifReadService;
  readonly #renditions: RenditionRepository;
  readonly #storage: BlobStorage;
  constructor(deps: {
    queue: QueueRepository;
    reads: GifReadService;
    renditions: RenditionRepository;
    storage: BlobStorage;
  }) {
    this.#queue = deps.queue;
    this.#reads = deps.reads;
    this.#renditions = deps.renditions;
    this.#storage = deps.storage;
  }

  /**
   * An animated GIF file of a GIF held for review, for moderators only: media serves no file of
   * a held upload (an instance in pre-moderation hosts nothing unreviewed for whoever has a
   * URL), so the queue shows it through this.
   */
  async preview(actor: Actor | null, gifId: string): Promise<{ key: string; size: number }> {
    authorize(actor, 'gif.moderate');
    const [gif] = await this.#queue.gifsByIds([gifId]);
    if (!gif || gif.status !== 'pending_review')
      throw new AppError('gif_not_found', 'No GIF held for review with that id.');
    const renditions = await this.#renditions.listForGifs([gifId]);
    for (const name of PREVIEW_RENDITIONS) {
      const rendition = renditions.find((r) => r.name === name && r.format === 'gif');
      const info = rendition && (await this.#storage.stat(rendition.storage_key));
      if (rendition && info) return { key: rendition.storage_key, size: info.size };
    }
    throw new AppError('rendition_not_found', 'This GIF has no animated file yet.');
  }

  /** The bytes of a file `preview` found. */
  read(key: string) {
    return this.#storage.read(key);
  }

  async page(
    actor: Actor | null,
    options: { kinds: readonly QueueKind[]; cursor: string | null; limit: number },
  ): Promise<{ items: QueueItem[]; nextCursor: string | null }> {
    authorize(actor, 'gif.moderate');
    const rows = await this.#queue.page({
      kinds: options.kinds,
      after: options.cursor === null ? null : decodeCursor(options.cursor),
      limit: options.limit + 1,
    });
    const pageRows = rows.slice(0, options.limit);
    const gifIds = [
      ...new Set(
        pageRows.flatMap((row) => [...(row.gif_id ? [row.gif_id] : []), ...(row.gif_ids ?? [])]),
      ),
    ];
    const [gifRows, history] = await Promise.all([
      this.#queue.gifsByIds(gifIds),
      this.#queue.historyOf(gifIds, HISTORY_PER_GIF),
    ]);
    // Held and removed GIFs are presented too: the moderator must see what they decide on.
    const objects = await this.#reads.presentRows(gifRows, '');
    const historyOf = Map.groupBy(history, (entry) => entry.gif_id);
    const byId = new Map(
      gifRows.map((row, i) => [
        row.id,
        { gif: objects[i]!, row, history: historyOf.get(row.id) ?? [] },
      ]),
    );
    const items = pageRows.map((row) => ({
      row,
      gif: row.gif_id ? (byId.get(row.gif_id) ?? null) : null,
      shown: (row.gif_ids ?? []).flatMap((id) => byId.get(id) ?? []),
    }));
    const last = pageRows.at(-1);
    return {
      items,
      nextCursor: rows.length > options.limit && last ? encodeCursor(last) : null,
    };
  }
}

/** A cursor names the last item of the page before: its time (as written), kind rank and key. */
function encodeCursor(row: QueuePosition): string {
  return Buffer.from(JSON.stringify([row.at, row.rank, row.key])).toString('base64url');
}

const MAX_BIGINT = 2n ** 63n - 1n;

/** A timestamp as PostgreSQL writes one (`2026-11-25 16:01:02.123456+00`) naming a real time. */
function isTimestamp(text: string): boolean {
  const match =
    /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-](\d{2})(:\d{2})?$/.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offset] = [1, 2, 3, 4, 5, 6, 8].map((i) =>
    Number(match[i]),
  ) as [number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60 &&
    offset <= 15
  );
}

function decodeCursor(cursor: string): QueuePosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      typeof value[0] === 'string' &&
      isTimestamp(value[0]) &&
      // Kinds 1-3 and 5 are keyed by a bigint id (padded to 20 digits), held uploads (4) by a GIF id.
      (([1, 2, 3, 5].includes(value[1] as number) &&
        /^\d{1,20}$/.test(String(value[2])) &&
        BigInt(String(value[2])) <= MAX_BIGINT) ||
        (value[1] === 4 && /^[A-Za-z0-9]{1,64}$/.test(String(value[2]))))
    )
      return { at: value[0], rank: value[1] as number, key: String(value[2]) };
  } catch {
    // Falls through to the refusal.
  }
  throw new AppError('invalid_request', 'cursor: not a cursor this queue handed out');
}
