import { Link } from 'react-router';
import { AuditLog } from '../moderation/AuditLog.tsx';
import { RequireRole } from '../moderation/RequireRole.tsx';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/dashboard/moderation/audit-log`: every decision, newest first, for admins. */
export default function AuditLogPage() {
  usePageTitle('Audit log');
  return (
    <RequireRole title="Audit log" permission="moderation.audit_log" who="admins">
      {() => (
        <section className="moderation-page">
          <h1>Audit log</h1>
          <p>
            <Link to="/dashboard/moderation">Back to the queue</Link>
          </p>
          <AuditLog />
        </section>
      )}
    </RequireRole>
  );
}
