import { z } from 'zod';
import { channelObjectSchema } from './channel.ts';
import { gifUserSchema } from './gif.ts';
import { siteData } from './site-answers.ts';

/**
 * A user's profile as the site API shows it: what GIF objects show of their uploader, the
 * profile's own links, and the private fields to the user and admins only.
 */
export const profileSchema = gifUserSchema.extend({
  twitter: z.string(),
  spotify_url: z.string(),
  spotify_artist_name: z.string(),
  freelance: z.boolean(),
  email: z.string().nullable().optional(),
  role: z.enum(['user', 'creator', 'moderator', 'admin']).optional(),
  email_confirmed: z.boolean().optional(),
  /** An uploaded avatar renders in a job: `avatar_url` changes when it is done. */
  avatar_pending: z.boolean().optional(),
  avatar_error: z.string().nullable().optional(),
});
export type ProfileObject = z.infer<typeof profileSchema>;
export const profileAnswer = siteData(profileSchema);

/** `GET /api/v1/team/`: who runs the instance, and what they do here. */
export const teamAnswer = siteData(
  z.array(profileSchema.extend({ team_role: z.enum(['user', 'creator', 'moderator', 'admin']) })),
);
/** `GET /api/v4/artists/`: verified creators, a page at a time. */
export const artistsAnswer = z.object({
  data: z.array(profileSchema),
  pagination: z.object({
    total_count: z.number().int(),
    count: z.number().int(),
    offset: z.number().int(),
  }),
  /** The next page's `offset`; null on the last. */
  next_offset: z.number().int().nullable(),
});

/** `/studios`' answer: the featured channels and creators, each with its feature's id. */
export const studiosAnswer = siteData(
  z.object({
    channels: z.array(z.object({ feature_id: z.number().int(), channel: channelObjectSchema })),
    creators: z.array(z.object({ feature_id: z.number().int(), creator: profileSchema })),
  }),
);
export const featureAnswer = siteData(z.object({ feature_id: z.number().int() }));

/**
 * `GET /api/v3/spotify/artist`: the artist a profile's Spotify link names. Not wrapped in
 * `{ data }`: the site reads `name` at the top, as GIPHY's client does.
 */
export const spotifyArtistAnswer = z.object({
  name: z.string(),
  artist_id: z.string(),
  /** The link's canonical form (tracking query and locale dropped). */
  spotify_url: z.string(),
});
export type SpotifyArtistObject = z.infer<typeof spotifyArtistAnswer>;
