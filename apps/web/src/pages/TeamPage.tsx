import { isStaffRole, roleMay } from '@jiffy/contracts/role-permissions';
import { useQuery } from '@tanstack/react-query';
import { useSession, type SessionUser } from '../account/use-session.ts';
import { EmptyState, joinOrLogIn } from '../components/EmptyState.tsx';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { teamMembers } from '../directory/directory-api.ts';
import { PersonCards } from '../directory/PersonCards.tsx';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/team`: who runs this instance — its admins and moderators, from their own profiles. */
export default function TeamPage() {
  usePageTitle('Team');
  const team = useQuery({ queryKey: ['team'], queryFn: teamMembers });
  const session = useSession();
  return (
    <section className="team-page">
      <h1>Team</h1>
      <p>
        The people who run this Jiffy: its admins look after the instance, its moderators review
        reports and keep the library within its rules.
      </p>
      {team.isPending ? <p className="loading">Loading…</p> : null}
      {team.error ? <ErrorMessage message={team.error.message} /> : null}
      {team.data?.length === 0 && !session.isPending ? (
        <NoTeam user={session.data?.user ?? null} />
      ) : null}
      {team.data?.length ? <PersonCards people={team.data} label="Team" /> : null}
    </section>
  );
}

/**
 * No public profile on the team: the team lists staff whose profiles are public, so staff are
 * shown the switch in Settings (and admins where to appoint moderators); anyone else where to
 * learn about the instance, and a visitor how to join.
 */
function NoTeam({ user }: { user: SessionUser | null }) {
  const title = 'No one on the team has a public profile yet';
  if (user && isStaffRole(user.role))
    return (
      <EmptyState
        title={title}
        steps={[
          { to: '/settings', label: 'Make your profile public' },
          ...(roleMay(user.role, 'staff.appoint')
            ? [{ to: '/dashboard/moderation/staff', label: 'Appoint moderators' }]
            : []),
        ]}
      >
        Your profile is private, so this page does not list you. Make it public in Settings to show
        visitors who runs this Jiffy.
      </EmptyState>
    );
  const about = { to: '/about', label: 'About this Jiffy' };
  return (
    <EmptyState
      title={title}
      steps={user ? [about] : [about, ...joinOrLogIn({ joinNext: '/', logInNext: '/team' })]}
    >
      The people who run this Jiffy have not shown themselves yet.
    </EmptyState>
  );
}
