import { roleMay } from '@jiffy/contracts/role-permissions';
import { Link } from 'react-router';
import { ModerationQueue } from '../moderation/ModerationQueue.tsx';
import { RequireRole } from '../moderation/RequireRole.tsx';
import { ShortcutList } from '../moderation/ShortcutList.tsx';
import { TrendingSearchesReview } from '../moderation/TrendingSearchesReview.tsx';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/dashboard/moderation`: the moderation queue and trending searches, for moderators and admins. */
export default function ModerationPage() {
  usePageTitle('Moderation queue');
  return (
    <RequireRole title="Moderation queue" permission="gif.moderate" who="moderators and admins">
      {(user) => (
        <section className="moderation-page">
          <h1>Moderation queue</h1>
          <p>
            Oldest first. Focus an item (click it, or press j) and use the shortcuts.{' '}
            <Link to="/dashboard/search">Content search</Link>
            {roleMay(user.role, 'application.review') ? (
              <>
                {' '}
                <Link to="/dashboard/moderation/applications">Creator applications</Link>
              </>
            ) : null}
            {roleMay(user.role, 'moderation.audit_log') ? (
              <>
                {' '}
                <Link to="/dashboard/moderation/audit-log">Audit log</Link>
              </>
            ) : null}
            {roleMay(user.role, 'staff.appoint') ? (
              <>
                {' '}
                <Link to="/dashboard/moderation/staff">Staff</Link>
              </>
            ) : null}
          </p>
          <ShortcutList />
          <ModerationQueue isAdmin={user.role === 'admin'} />
          <TrendingSearchesReview />
        </section>
      )}
    </RequireRole>
  );
}
