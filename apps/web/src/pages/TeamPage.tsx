import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { teamMembers } from '../directory/directory-api.ts';
import { PersonCards } from '../directory/PersonCards.tsx';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/team`: who runs this instance — its admins and moderators, from their own profiles. */
export default function TeamPage() {
  usePageTitle('Team');
  const team = useQuery({ queryKey: ['team'], queryFn: teamMembers });
  return (
    <section className="team-page">
      <h1>Team</h1>
      <p>
        The people who run this Jiffy: its admins look after the instance, its moderators review
        reports and keep the library within its rules.
      </p>
      {team.isPending ? <p className="loading">Loading…</p> : null}
      {team.error ? <ErrorMessage message={team.error.message} /> : null}
      {team.data?.length === 0 ? <p>No one on the team has a public profile yet.</p> : null}
      {team.data?.length ? <PersonCards people={team.data} label="Team" /> : null}
    </section>
  );
}
