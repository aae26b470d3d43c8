/**
 * A local actor as federation names it: a creator (`u-<user id>`) or a channel (`c-<channel
 * id>`). Ids, not names, so an actor's URL stays the same when its owner renames it: other
 * servers key their follows and caches by that URL.
 */
export type LocalActorId =
  { kind: 'user'; userId: string } | { kind: 'channel'; channelId: number };

const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function formatActorId(actor: LocalActorId): string {
  return actor.kind === 'user' ? `u-${actor.userId}` : `c-${actor.channelId}`;
}

/** The actor an identifier names, or null for text that names none. */
export function parseActorId(identifier: string): LocalActorId | null {
  if (identifier.startsWith('u-')) {
    const userId = identifier.slice(2);
    return USER_ID.test(userId) ? { kind: 'user', userId } : null;
  }
  if (identifier.startsWith('c-')) {
    const digits = identifier.slice(2);
    if (!/^[1-9][0-9]{0,9}$/.test(digits)) return null;
    const channelId = Number(digits);
    return channelId <= 2_147_483_647 ? { kind: 'channel', channelId } : null;
  }
  return null;
}
