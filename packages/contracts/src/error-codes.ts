/**
 * Stable error codes. Clients branch on these, so a code, once shipped, never changes meaning.
 * The HTTP status that goes with each is fixed here too, so every surface answers alike.
 */
export const errorStatus = {
  // request shape
  invalid_request: 400,
  missing_file: 400,
  url_not_allowed: 400,
  url_fetch_failed: 422,
  query_too_long: 414,
  /** A segment of the URL's path longer than any route takes (the router's parameter limit). */
  uri_too_long: 414,
  // authentication
  api_key_required: 401,
  api_key_invalid: 401,
  /** `/metrics` when METRICS_TOKEN is set and the request's bearer token is not it. */
  metrics_token_required: 401,
  rate_limited: 429,
  /** Uploads per hour or bytes per day spent; Retry-After says when to try again. */
  upload_quota_exceeded: 429,
  // media checks (also stored as the failure code of a GIF that failed in processing)
  unsupported_media_type: 415,
  media_type_mismatch: 415,
  corrupt_media: 422,
  file_too_large: 413,
  dimensions_too_large: 422,
  too_many_frames: 422,
  duration_too_long: 422,
  /** Small file, huge decoded work (frames × width × height past MAX_DECODED_PIXELS). */
  too_much_work: 422,
  processing_timeout: 422,
  processing_failed: 422,
  /** The worker stopped (crash, kill) during the last attempt the retry policy allows. */
  processing_interrupted: 422,
  /** Stored on a ready GIF whose remaining (non-page) renditions could not be made. */
  renditions_failed: 422,
  // accounts
  username_taken: 409,
  invalid_credentials: 401,
  email_not_confirmed: 403,
  invalid_token: 400,
  csrf_failed: 403,
  not_signed_in: 401,
  forbidden: 403,
  too_many_attempts: 429,
  /** `POST /ajax/gif/update` with a key that is not an editable field. */
  unknown_edit_key: 400,
  // reports
  already_reported: 409,
  // moderation
  /** A taken-down GIF's media URL: it was there and is gone on purpose. */
  gif_removed: 410,
  /** Takedown, delete or edit of a GIF already taken down. */
  gif_already_removed: 409,
  /** Restore of a GIF that is not taken down. */
  gif_not_removed: 409,
  /** Restore after the quarantine's retention: its files are gone. */
  gif_not_restorable: 409,
  /** Delete or edit of a GIF still being processed: try again when it is ready or failed. */
  gif_processing: 409,
  // language tags and share events
  /** A `lang` that no text-search configuration stems (jiffy_search_config gives 'simple'). */
  unsupported_language: 400,
  /** Adding language tags past the per-language cap. */
  too_many_tags: 422,
  language_tag_not_found: 404,
  /** A share event of a type the share buttons do not have. */
  unknown_share_type: 400,
  /** A moderation action that settles a search report naming one not open or not showing the GIF. */
  search_report_not_found: 404,
  /** A sticker flag for a video clip, which is neither a GIF nor a sticker. */
  not_applicable: 409,
  // artist links
  /** Spotify's oEmbed knows no artist at that open.spotify.com/artist/… URL. */
  spotify_artist_not_found: 404,
  // sharing
  /** The mail server refused or could not be reached; nothing was sent. */
  mail_not_sent: 503,
  // trending scheduler and stories
  /** A trending start or story publish time already past (a minute's grace for clocks). */
  time_in_past: 422,
  /** Scheduling a GIF that cannot trend: not ready, taken down or unlisted. */
  gif_not_trendable: 409,
  /** The GIF is already scheduled in a window that meets the one asked for. */
  schedule_conflict: 409,
  schedule_item_not_found: 404,
  story_not_found: 404,
  /** Another story has the slug asked for. */
  story_slug_taken: 409,
  /** A story item or cover naming a GIF the author may not put in a story. */
  story_gif_unavailable: 422,
  /** Putting a draft on trending stories: publish it first. */
  story_not_published: 409,
  /** A `next_cursor` that Jiffy did not sign for this list (edited, or from another list). */
  invalid_cursor: 400,
  // channels
  channel_not_found: 404,
  /** Another channel under the same parent already has that slug. */
  channel_slug_taken: 409,
  /** The channel would sit deeper than the tree's depth limit (8 below the root). */
  channel_too_deep: 409,
  /** A channel moved under itself or one of its descendants. */
  channel_cycle: 409,
  /** What only a sub-channel can do (delete, move, hold GIFs by hand) asked of a root channel. */
  channel_is_root: 409,
  /** A user's channels, or a channel's children, are at their limit. */
  channel_limit_reached: 409,
  /** Children asked for without the parent's id. */
  channel_parent_required: 400,
  /** A ranked or magic tag that the channel does not have. */
  channel_tag_not_found: 404,
  /** A GIF asked to be removed from, or placed beside, a channel it is not in. */
  channel_gif_not_found: 404,
  /** A channel job id that names no job (or one of a channel the caller may not manage). */
  job_not_found: 404,
  // studios
  /** The channel or creator is already featured on /studios. */
  already_featured: 409,
  /** /studios already features as many channels and creators as it shows (200). */
  studios_full: 409,
  // imaging
  /** A trim whose start is at or past the media's end, or of a still image. */
  trim_out_of_range: 422,
  // staff roles
  /** No user has that id or username. */
  user_not_found: 404,
  /** Taking the admin role from the instance's only admin. */
  last_admin: 409,
  // federation
  /** An activity from, or an action about, a remote host the instance's admins blocked. */
  remote_host_blocked: 403,
  /** A remote follower id that names no follower of that actor. */
  remote_follower_not_found: 404,
  // lookup
  /** A page view's first-page data that is not kept (any more, or on this node). */
  first_page_not_kept: 404,
  not_found: 404,
  gif_not_found: 404,
  rendition_not_found: 404,
  range_not_satisfiable: 416,
  // server
  /** oEmbed: a format other than json was asked for. */
  not_implemented: 501,
  not_ready: 503,
  internal_error: 500,
} as const;

/** One of Jiffy's stable error codes. */
export type ErrorCode = keyof typeof errorStatus;

/** Error body of every non-GIPHY surface: `{ error: { code, message, request_id } }`. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; request_id: string };
}
