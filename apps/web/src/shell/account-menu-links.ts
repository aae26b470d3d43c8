import { roleMay } from '@jiffy/contracts/role-permissions';
import type { SessionUser } from '../account/use-session.ts';

/** One group of the account menu: a label (none for the last, unlabelled one) and its links. */
export interface MenuGroup {
  label: string | null;
  links: { to: string; label: string }[];
}

/**
 * What the signed-in user's account menu lists, by role; Log out comes after these. A link is
 * shown only to someone its page lets in: the pages (RequireRole) and the server ask the same
 * rules (`@jiffy/contracts/role-permissions`), so no one is led to "Not allowed".
 */
export function accountMenuGroups(
  user: Pick<SessionUser, 'username' | 'role' | 'is_verified'>,
): MenuGroup[] {
  const may = (permission: Parameters<typeof roleMay>[1]) => roleMay(user.role, permission);
  const groups: MenuGroup[] = [
    {
      label: 'Your GIFs',
      links: [
        { to: '/upload', label: 'Upload' },
        { to: '/create', label: 'Create a GIF' },
        { to: '/edit/gifs', label: 'Edit your GIFs' },
        { to: '/dashboard', label: 'Dashboard' },
        ...(may('story.write') ? [{ to: '/dashboard/stories', label: 'Stories' }] : []),
        { to: '/favorites', label: 'Favorites' },
        { to: `/${user.username}`, label: `@${user.username}` },
      ],
    },
  ];
  const staff = [
    ...(may('gif.moderate') ? [{ to: '/dashboard/moderation', label: 'Moderation queue' }] : []),
    ...(may('moderation.audit_log')
      ? [{ to: '/dashboard/moderation/audit-log', label: 'Audit log' }]
      : []),
    ...(may('trending.schedule')
      ? [{ to: '/dashboard/schedule', label: 'Trending schedule' }]
      : []),
    ...(may('gif.moderate') ? [{ to: '/dashboard/search', label: 'Content search' }] : []),
  ];
  if (staff.length) groups.push({ label: 'Staff', links: staff });
  groups.push({
    label: null,
    links: [
      { to: '/settings', label: 'Settings' },
      // A verified user already has the badge an application asks for.
      ...(may('application.apply') && !user.is_verified
        ? [{ to: '/apply', label: 'Apply to be a creator' }]
        : []),
    ],
  });
  return groups;
}
