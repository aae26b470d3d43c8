import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_initial.ts';
import * as m0002 from './0002_search.ts';
import * as m0003 from './0003_discovery.ts';
import * as m0004 from './0004_trending_score.ts';
import * as m0005 from './0005_accounts.ts';
import * as m0006 from './0006_favorites.ts';
import * as m0007 from './0007_tokens_and_cta.ts';
import * as m0008 from './0008_creator_applications.ts';
import * as m0009 from './0009_avatars.ts';
import * as m0010 from './0010_search_languages.ts';
import * as m0011 from './0011_recent_trending.ts';
import * as m0012 from './0012_site_events.ts';
import * as m0013 from './0013_gif_reports.ts';
import * as m0014 from './0014_search_postings.ts';
import * as m0015 from './0015_listed_renditions.ts';
import * as m0016 from './0016_listed_json.ts';
import * as m0017 from './0017_pending_signups.ts';
import * as m0018 from './0018_avatar_jobs.ts';
import * as m0019 from './0019_moderation.ts';
import * as m0020 from './0020_gif_visibility.ts';
import * as m0021 from './0021_flags_and_queue.ts';
import * as m0022 from './0022_language_tags.ts';
import * as m0023 from './0023_content_safety.ts';
import * as m0024 from './0024_channels.ts';
import * as m0026 from './0026_stories_and_schedule.ts';
import * as m0027 from './0027_staff_search.ts';
import * as m0028 from './0028_analytics_rollups.ts';
import * as m0029 from './0029_spotify_artist.ts';
import * as m0030 from './0030_creator_daily_and_counter_rollup.ts';
import * as m0031 from './0031_freelance.ts';
import * as m0032 from './0032_studio_features.ts';
import * as m0033 from './0033_tenor_webm_renditions.ts';
import * as m0034 from './0034_rated_postings_index.ts';
import * as m0035 from './0035_visible_gif_counts.ts';
import * as m0036 from './0036_application_decision_note.ts';
import * as m0037 from './0037_trending_search_visitors.ts';
import * as m0038 from './0038_staff_roles.ts';
import * as m0039 from './0039_cheaper_gif_writes.ts';
import * as m0040 from './0040_listed_alias_files.ts';
import * as m0041 from './0041_public_webm_renditions.ts';
import * as m0042 from './0042_deep_feed_pages.ts';
import * as m0043 from './0043_federation.ts';

/**
 * Forward-only migrations, applied in key order. Add a file `NNNN_name.ts` with an `up` and list
 * it here; never edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_search': m0002,
  '0003_discovery': m0003,
  '0004_trending_score': m0004,
  '0005_accounts': m0005,
  '0006_favorites': m0006,
  '0007_tokens_and_cta': m0007,
  '0008_creator_applications': m0008,
  '0009_avatars': m0009,
  '0010_search_languages': m0010,
  '0011_recent_trending': m0011,
  '0012_site_events': m0012,
  '0013_gif_reports': m0013,
  '0014_search_postings': m0014,
  '0015_listed_renditions': m0015,
  '0016_listed_json': m0016,
  '0017_pending_signups': m0017,
  '0018_avatar_jobs': m0018,
  '0019_moderation': m0019,
  '0020_gif_visibility': m0020,
  '0021_flags_and_queue': m0021,
  '0022_language_tags': m0022,
  '0023_content_safety': m0023,
  '0024_channels': m0024,
  '0026_stories_and_schedule': m0026,
  '0027_staff_search': m0027,
  '0028_analytics_rollups': m0028,
  '0029_spotify_artist': m0029,
  '0030_creator_daily_and_counter_rollup': m0030,
  '0031_freelance': m0031,
  '0032_studio_features': m0032,
  '0033_tenor_webm_renditions': m0033,
  '0034_rated_postings_index': m0034,
  '0035_visible_gif_counts': m0035,
  '0036_application_decision_note': m0036,
  '0037_trending_search_visitors': m0037,
  '0038_staff_roles': m0038,
  '0039_cheaper_gif_writes': m0039,
  '0040_listed_alias_files': m0040,
  '0041_public_webm_renditions': m0041,
  '0042_deep_feed_pages': m0042,
  '0043_federation': m0043,
};
