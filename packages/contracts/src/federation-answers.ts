import { z } from 'zod';
import { siteData } from './site-answers.ts';

/** A follower on another server of one of the instance's creators or channels. */
export const remoteFollowerSchema = z
  .object({
    id: z.number().int(),
    /** The remote actor's id (its URL). */
    actor: z.string(),
    /** `name@host`, when the remote actor gave a name. */
    handle: z.string().nullable(),
    host: z.string(),
    /** `pending` until the owner approves, when the actor asks for approval. */
    status: z.enum(['pending', 'accepted']),
    created_at: z.string(),
  })
  .meta({ id: 'RemoteFollower' });
export type RemoteFollower = z.infer<typeof remoteFollowerSchema>;

/** How an actor is followed: whether follows wait for approval. */
export const federationActorSettingsSchema = z.object({
  /** The actor's identifier in its ActivityPub URL (`u-<user id>`, `c-<channel id>`). */
  actor: z.string(),
  manually_approves_followers: z.boolean(),
});

export const remoteFollowersAnswer = siteData(
  federationActorSettingsSchema.extend({ followers: z.array(remoteFollowerSchema) }),
);
export const remoteFollowerAnswer = siteData(remoteFollowerSchema);
export const federationActorSettingsAnswer = siteData(federationActorSettingsSchema);

/** A remote host the instance refuses activities from and delivers nothing to. */
export const blockedHostSchema = z
  .object({ host: z.string(), created_at: z.string() })
  .meta({ id: 'BlockedHost' });
export const blockedHostsAnswer = siteData(z.object({ hosts: z.array(blockedHostSchema) }));
export const blockedHostAnswer = siteData(blockedHostSchema);
