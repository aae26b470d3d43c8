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
  | 'staff.appoint'; // give and take back the moderator and admin roles, see who has them

/** The owner of the object acted on (a user's own id for profiles), if it has one. */
export interface Subject {
  ownerId: string | null;
}

const STAFF: readonly UserRole[] = ['moderator', 'admin'];

/**
 * The one permission table: every route asks it, nothing else decides. An owner may change
 * their own things; moderators may also act on anyone's GIFs; only admins edit other people's
 * profiles.
 */
const rules: Record<Action, (actor: Actor, subject: Subject) => boolean> = {
  'user.view_private': (actor, subject) => actor.id === subject.ownerId || actor.role === 'admin',
  'user.edit': (actor, subject) => actor.id === subject.ownerId || actor.role === 'admin',
  'gif.upload_as': (actor, subject) => actor.id === subject.ownerId || STAFF.includes(actor.role),
  'gif.upload_unmetered': (actor) => STAFF.includes(actor.role),
  'gif.edit': (actor, subject) => actor.id === subject.ownerId || STAFF.includes(actor.role),
  'gif.set_cta': (actor, subject) => actor.id === subject.ownerId || STAFF.includes(actor.role),
  'gif.takedown': (actor) => STAFF.includes(actor.role),
  'gif.restore': (actor) => actor.role === 'admin',
  'gif.delete': (actor, subject) => actor.id === subject.ownerId || STAFF.includes(actor.role),
  'moderation.audit_log': (actor) => actor.role === 'admin',
  'gif.moderate': (actor) => STAFF.includes(actor.role),
  'application.review': (actor) => STAFF.includes(actor.role),
  'trending.schedule': (actor) => STAFF.includes(actor.role),
  // Stories are GIPHY's editors' and artists' format: creators and staff write them.
  'story.write': (actor) => actor.role === 'creator' || STAFF.includes(actor.role),
  'story.edit': (actor, subject) => actor.id === subject.ownerId || STAFF.includes(actor.role),
  'story.view_unpublished': (actor, subject) =>
    actor.id === subject.ownerId || STAFF.includes(actor.role),
  'channel.edit': (actor, subject) => actor.id === subject.ownerId || STAFF.includes(actor.role),
  'channel.editorial': (actor) => STAFF.includes(actor.role),
  'analytics.view': (actor, subject) => actor.id === subject.ownerId || STAFF.includes(actor.role),
  // Trending searches are shown to every visitor: staff keep abuse and nonsense off them.
  'trending.moderate_searches': (actor) => STAFF.includes(actor.role),
  // Studios is the instance's editorial shop window: its staff choose what it shows.
  'studios.curate': (actor) => STAFF.includes(actor.role),
  // Whoever holds a staff role can take down anyone's GIFs: only admins choose who does.
  'staff.appoint': (actor) => actor.role === 'admin',
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
