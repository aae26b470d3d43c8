import type { SessionUser } from '../account/use-session.ts';

/** One group of the account menu: a label (none for the last, unlabelled one) and its links. */
export interface MenuGroup {
  label: string | null;
  links: { to: string; label: string }[];
}

// The same roles the pages themselves let in (RequireRole on each): a link is shown only to
// someone the page will not answer "Not allowed". Kept here, not imported from the pages, so
// the header does not pull their lazy chunks into the main bundle.
const STAFF = ['moderator', 'admin'];
const STORY_WRITERS = ['creator', ...STAFF];

/** What the signed-in user's account menu lists, by role; Log out comes after these. */
export function accountMenuGroups(
  user: Pick<SessionUser, 'username' | 'role' | 'is_verified'>,
): MenuGroup[] {
  const staff = STAFF.includes(user.role);
  const groups: MenuGroup[] = [
    {
      label: 'Your GIFs',
      links: [
        { to: '/upload', label: 'Upload' },
        { to: '/create', label: 'Create a GIF' },
        { to: '/edit/gifs', label: 'Edit your GIFs' },
        { to: '/dashboard', label: 'Dashboard' },
        ...(STORY_WRITERS.includes(user.role)
          ? [{ to: '/dashboard/stories', label: 'Stories' }]
          : []),
        { to: '/favorites', label: 'Favorites' },
        { to: `/${user.username}`, label: `@${user.username}` },
      ],
    },
  ];
  if (staff)
    groups.push({
      label: 'Staff',
      links: [
        { to: '/dashboard/moderation', label: 'Moderation queue' },
        // The audit log is the admins' alone (AuditLogPage).
        ...(user.role === 'admin'
          ? [{ to: '/dashboard/moderation/audit-log', label: 'Audit log' }]
          : []),
        { to: '/dashboard/schedule', label: 'Trending schedule' },
        { to: '/dashboard/search', label: 'Content search' },
      ],
    });
  groups.push({
    label: null,
    links: [
      { to: '/settings', label: 'Settings' },
      // Only a plain user can apply (the server refuses creators and staff), and a verified one
      // already has the badge an application asks for.
      ...(user.role === 'user' && !user.is_verified
        ? [{ to: '/apply', label: 'Apply to be a creator' }]
        : []),
    ],
  });
  return groups;
}
