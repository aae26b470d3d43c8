// What each role may do whatever it acts on: the part of the server's permission table that
// depends on the role alone (apps/server/src/modules/accounts/permissions.ts asks it), shared so
// the site offers a link or a button only to someone the server will let through. Owners' rights
// over their own things (a GIF, a channel, a story) depend on the object too and stay with the
// server. The site imports it as `@jiffy/contracts/role-permissions`: the package's index would
// bring zod's schemas into the main chunk.

/** An account's role, from a plain user up. */
export type Role = 'user' | 'creator' | 'moderator' | 'admin';

/** The roles that run the instance: they moderate, feature and schedule. */
export const STAFF_ROLES: readonly Role[] = ['moderator', 'admin'];

/** Whether `role` is one of the staff's: who `/team` lists and the moderation tools serve. */
export function isStaffRole(role: string | null | undefined): boolean {
  return (STAFF_ROLES as readonly (string | null | undefined)[]).includes(role);
}

/** For each role-only permission, the roles that hold it. */
export const ROLE_PERMISSIONS = {
  /** Upload past the hourly and daily upload quotas. */
  'gif.upload_unmetered': STAFF_ROLES,
  /** Take down anyone's GIF. */
  'gif.takedown': STAFF_ROLES,
  /** Bring a taken-down GIF back from quarantine. */
  'gif.restore': ['admin'],
  /** The moderation queue, and rating or approving anyone's GIFs. */
  'gif.moderate': STAFF_ROLES,
  /** The moderators' decisions, as a log. */
  'moderation.audit_log': ['admin'],
  /** Approve or reject creator applications. */
  'application.review': STAFF_ROLES,
  /**
   * Apply to become a creator: plain users only (creators have the role, staff have more).
   * A verified badge comes with an approved application.
   */
  'application.apply': ['user'],
  /** Put GIFs on trending at chosen times, feature stories on trending. */
  'trending.schedule': STAFF_ROLES,
  /** Write stories of one's own: GIPHY's editors' and artists' format. */
  'story.write': ['creator', ...STAFF_ROLES],
  /** Write the site's posts: staff's own stories are what `/posts` lists. */
  'post.write': STAFF_ROLES,
  /** Make a channel editorial (its magic tags gather anyone's GIFs). */
  'channel.editorial': STAFF_ROLES,
  /** See trending search candidates, hide terms, edit blocked terms. */
  'trending.moderate_searches': STAFF_ROLES,
  /** Choose the channels and creators `/studios` features. */
  'studios.curate': STAFF_ROLES,
  /** Give and take back the moderator and admin roles, see who has them. */
  'staff.appoint': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

/** A permission that depends on the role alone. */
export type RolePermission = keyof typeof ROLE_PERMISSIONS;

/**
 * True when an account of `role` holds `permission`; false for nobody signed in (no role), or
 * a role this version does not know.
 */
export function roleMay(role: string | null | undefined, permission: RolePermission): boolean {
  return !!role && (ROLE_PERMISSIONS[permission] as readonly string[]).includes(role);
}
