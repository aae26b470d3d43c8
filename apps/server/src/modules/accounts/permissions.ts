import { roleMay, STAFF_ROLES, type RolePermission } from '@jiffy/contracts';
import type { UserRole } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';

/** Who is asking: a signed-in user, or nobody. */
export interface Actor {
  id: string;
  role: UserRole;
}

/** What can be done, and to what kind of object. */
export type Action =
  | 'user.view_private' // e-mail and other private fields of a profile
  | 'user.edit'
  | 'gif.upload_as' // upload a GIF that belongs to the subject's channel
  | 'gif.upload_unmetered' // upload past the hourly and daily upload quotas
  | 'gif.edit' // title, tags, rating
  | 'gif.set_cta'
  | 'gif.takedown'
  | 'gif.restore' // bring a taken-down GIF back from quarantine
  | 'gif.delete'
  | 'moderation.audit_log'
  | 'gif.moderate'
  | 'application.review' // creator applications
  | 'trending.schedule' // put GIFs on trending at chosen times, feature stories on trending
  | 'story.write' // write stories of one's own
  | 'story.edit' // change, unpublish or delete a story
  | 'story.view_unpublished' // drafts and stories scheduled for later
  | 'channel.edit' // create, change, move and fill a channel of the subject's tree
  | 'channel.editorial' // make a channel editorial (its magic tags gather anyone's GIFs)
  | 'analytics.view' // a creator's dashboard figures (the subject is the creator)
  | 'trending.moderate_searches' // see trending search candidates, hide terms, edit blocked terms
  | 'studios.curate' // choose the channels and creators /studios features
  | 'staff.appoint' // give and take back the moderator and admin roles, see who has them
  | 'federation.followers' // see and approve the remote followers of the subject's creator or channel
  | 'federation.block_hosts'; // refuse a remote server's activities, deliver nothing to it

/** The owner of the object acted on (a user's own id for profiles), if it has one. */
export interface Subject {
  ownerId: string | null;
}

/** Moderators and admins may act on anyone's things where owners may act on their own. */
const ownerOrStaff = (actor: Actor, subject: Subject) =>
  actor.id === subject.ownerId || STAFF_ROLES.includes(actor.role);

/** A rule that depends on the role alone: the table the site shares (`@jiffy/contracts`). */
const byRole = (permission: RolePermission) => (actor: Actor) => roleMay(actor.role, permission);

/**
 * The one permission table: every route asks it, nothing else decides. An owner may change
 * their own things; moderators may also act on anyone's GIFs; only admins edit other people's
 * profiles. What depends on the role alone is in `ROLE_PERMISSIONS`, which the site reads too.
 */
const rules: Record<Action, (actor: Actor, subject: Subject) => boolean> = {
  'user.view_private': (actor, subject) => actor.id === subject.ownerId || actor.role === 'admin',
  'user.edit': (actor, subject) => actor.id === subject.ownerId || actor.role === 'admin',
  'gif.upload_as': ownerOrStaff,
  'gif.upload_unmetered': byRole('gif.upload_unmetered'),
  'gif.edit': ownerOrStaff,
  'gif.set_cta': ownerOrStaff,
  'gif.takedown': byRole('gif.takedown'),
  'gif.restore': byRole('gif.restore'),
  'gif.delete': ownerOrStaff,
  'moderation.audit_log': byRole('moderation.audit_log'),
  'gif.moderate': byRole('gif.moderate'),
  'application.review': byRole('application.review'),
  'trending.schedule': byRole('trending.schedule'),
  'story.write': byRole('story.write'),
  'story.edit': ownerOrStaff,
  'story.view_unpublished': ownerOrStaff,
  'channel.edit': ownerOrStaff,
  'channel.editorial': byRole('channel.editorial'),
  'analytics.view': ownerOrStaff,
  'trending.moderate_searches': byRole('trending.moderate_searches'),
  'studios.curate': byRole('studios.curate'),
  'staff.appoint': byRole('staff.appoint'),
  'federation.followers': ownerOrStaff,
  // An instance-wide decision about another server: the admins', like appointing staff.
  'federation.block_hosts': (actor) => actor.role === 'admin',
};

/** True when `actor` may do `action` to `subject`; nobody signed in may do none of these. */
export function can(
  actor: Actor | null,
  action: Action,
  subject: Subject = { ownerId: null },
): boolean {
  return actor !== null && rules[action](actor, subject);
}

/** Throws 401 when nobody is signed in, 403 when the actor may not. */
export function authorize(
  actor: Actor | null,
  action: Action,
  subject?: Subject,
): asserts actor is Actor {
  if (!actor) throw new AppError('not_signed_in', 'Sign in first.');
  if (!can(actor, action, subject)) throw new AppError('forbidden', 'You may not do that.');
}
