import { Link } from 'react-router';
import { PendingApplications } from '../creator-applications/PendingApplications.tsx';
import { RequireRole } from '../moderation/RequireRole.tsx';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/dashboard/moderation/applications`: requests to become a verified creator, for staff. */
export default function CreatorApplicationsPage() {
  usePageTitle('Creator applications');
  return (
    <RequireRole
      title="Creator applications"
      permission="application.review"
      who="moderators and admins"
    >
      {() => (
        <section className="moderation-page">
          <h1>Creator applications</h1>
          <p>
            Oldest first. Approving makes the applicant a verified creator.{' '}
            <Link to="/dashboard/moderation">Back to the queue</Link>
          </p>
          <PendingApplications />
        </section>
      )}
    </RequireRole>
  );
}
