import { roleMay } from '@jiffy/contracts/role-permissions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { RequireSignIn } from '../account/RequireSignIn.tsx';
import type { SessionUser } from '../account/use-session.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { ApplicationForm } from '../creator-applications/ApplicationForm.tsx';
import { ApplicationStatus } from '../creator-applications/ApplicationStatus.tsx';
import { fetchMyApplication, MINE_KEY } from '../creator-applications/applications-api.ts';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/apply`: ask to become a verified creator, and follow the application once sent. */
export default function ApplyPage() {
  usePageTitle('Become a creator');
  return (
    <RequireSignIn title="Become a creator" purpose="to apply as a creator">
      {(user) => (
        <section className="form-page">
          <h1>Become a creator</h1>
          {roleMay(user.role, 'application.apply') ? (
            <Application />
          ) : user.role === 'creator' ? (
            <AlreadyCreator user={user} />
          ) : (
            <p>Your account is already a {user.role} account.</p>
          )}
        </section>
      )}
    </RequireSignIn>
  );
}

function AlreadyCreator({ user }: { user: SessionUser }) {
  return (
    <p role="status">
      You are already a {user.is_verified ? 'verified ' : ''}creator. Your figures are on{' '}
      <Link to="/dashboard">your dashboard</Link>.
    </p>
  );
}

/** A plain user: their application's state, and the form unless one is waiting or approved. */
function Application() {
  const client = useQueryClient();
  const mine = useQuery({ queryKey: MINE_KEY, queryFn: fetchMyApplication });
  if (mine.isPending) return <p className="loading">Loading…</p>;
  if (mine.error) return <ErrorMessage message={mine.error.message} />;
  const application = mine.data;
  return (
    <>
      {application ? <ApplicationStatus application={application} /> : null}
      {!application || application.status === 'rejected' ? (
        <>
          <p>
            Creators get a verified badge and their channel is featured. Tell us about your work.
          </p>
          <ApplicationForm onSent={() => client.invalidateQueries({ queryKey: MINE_KEY })} />
        </>
      ) : null}
    </>
  );
}
