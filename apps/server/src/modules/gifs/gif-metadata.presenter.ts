import type {
  EditableGif,
  ExtendedGifMetadata,
  GifMetadata,
  OwnGifObject,
  TrendingPlaceObject,
} from '@jiffy/contracts';
import type { GifRow } from '../../platform/db/schema.ts';
import type { GifWithUploader, TrendingPlace } from './gif-metadata.repository.ts';
import type { ExtendedMetadata, OwnGif } from './gif-metadata.service.ts';

const iso = (date: Date | string | null) => (date ? new Date(date).toISOString() : null);

/** The fields an edit can change, as the edit call names them. */
export function presentEditable(gif: GifRow): EditableGif {
  return {
    id: gif.id,
    title: gif.title,
    tags: gif.tags,
    alt_text: gif.alt_text,
    source_post_url: gif.source_post_url,
    rating: gif.rating,
    is_sticker: gif.type === 'sticker',
    lang: gif.lang,
    visibility: gif.visibility,
  };
}

/** What anyone may see of a ready GIF: its editable fields, uploader and size. */
export function presentMetadata(gif: GifWithUploader): GifMetadata {
  return {
    ...presentEditable(gif),
    type: gif.type,
    username: gif.username ?? '',
    width: gif.width,
    height: gif.height,
    created_at: iso(gif.created_at),
  };
}

/** The owner's and staff's view: source facts, media facts, hashes, counters and history. */
export function presentExtendedMetadata({
  gif,
  tallies,
  history,
  showActors,
}: ExtendedMetadata): ExtendedGifMetadata {
  return {
    ...presentMetadata(gif),
    status: gif.status,
    failure_code: gif.failure_code,
    source: {
      format: gif.source_format,
      image_url: gif.source_image_url,
      post_url: gif.source_post_url,
      bytes: gif.original_bytes === null ? null : Number(gif.original_bytes),
    },
    frames: gif.frames,
    duration_ms: gif.duration_ms,
    has_alpha: gif.has_alpha,
    sha256: gif.content_sha256,
    phash: gif.phash,
    counters: {
      views: Number(gif.view_count),
      clicks: Number(gif.click_count),
      shares: Number(gif.share_count),
      favorites: tallies.favorites,
    },
    reports: { total: tallies.reports, open: tallies.open_reports },
    ready_at: iso(gif.ready_at),
    updated_at: iso(gif.updated_at),
    moderation_history: history.map((entry) => ({
      action: entry.action,
      ...(showActors
        ? {
            actor: entry.actor_user_id
              ? { id: entry.actor_user_id, username: entry.actor_username }
              : null,
          }
        : {}),
      before: entry.before ?? null,
      after: entry.after ?? null,
      created_at: iso(entry.created_at),
    })),
  };
}

/** Whether a GIF is trending, where, and since when it was marked so. */
export function presentTrending(place: TrendingPlace): TrendingPlaceObject {
  return {
    id: place.id,
    is_trending: place.rank !== null,
    rank: place.rank,
    trending_score: place.trending_score,
    trending_since: iso(place.trending_at),
  };
}

/** One of the owner's GIFs in `GET /api/v1/users/me/gifs`: its editable fields and state. */
export function presentOwnGif({ gif, preview }: OwnGif, mediaBaseUrl: string): OwnGifObject {
  return {
    ...presentEditable(gif),
    type: gif.type,
    status: gif.status,
    width: gif.width,
    height: gif.height,
    created_at: iso(gif.created_at),
    preview_url: preview ? `${mediaBaseUrl}/${gif.id}/${preview.name}.${preview.format}` : null,
  };
}
