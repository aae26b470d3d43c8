import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { RequireRole } from '../moderation/RequireRole.tsx';
import { StaffRoleButtons } from '../moderation/StaffRoleButtons.tsx';
import { fetchStaff, findCandidate, type StaffMember } from '../moderation/staff-api.ts';
import { usePageTitle } from '../shell/use-page-title.ts';

const STAFF_KEY = ['staff'];

/** One person: their name (a link to their profile), role, and the changes an admin can make. */
function MemberRow(props: { member: StaffMember; onChanged: (member: StaffMember) => void }) {
  const { member } = props;
  return (
    <li>
      <Link to={`/${member.username}`}>@{member.username}</Link> ({member.display_name}) ·{' '}
      <strong>{member.role}</strong>{' '}
      <StaffRoleButtons member={member} onChanged={props.onChanged} />
    </li>
  );
}

/** Finds a user by username and offers to appoint them. */
function Appoint({ onChanged }: { onChanged: () => void }) {
  const [username, setUsername] = useState('');
  const [found, setFound] = useState<StaffMember | null>(null);
  const [error, setError] = useState('');
  const find = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setFound(null);
    try {
      setFound(await findCandidate(username.trim()));
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  return (
    <section aria-labelledby="appoint-heading">
      <h2 id="appoint-heading">Appoint</h2>
      <form onSubmit={(event) => void find(event)}>
        <label>
          Username <input value={username} onChange={(e) => setUsername(e.target.value)} />
        </label>{' '}
        <button type="submit" disabled={!username.trim()}>
          Find
        </button>
      </form>
      {error ? <ErrorMessage message={error} /> : null}
      {found ? (
        <ul className="staff-list">
          <MemberRow
            member={found}
            onChanged={(member) => {
              setFound(member);
              onChanged();
            }}
          />
        </ul>
      ) : null}
    </section>
  );
}

/** The staff list and the appointing form: asked for only once the page is an admin's. */
function StaffBoard() {
  const queryClient = useQueryClient();
  const staff = useQuery({ queryKey: STAFF_KEY, queryFn: fetchStaff });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: STAFF_KEY });
  return (
    <>
      {staff.isPending ? <p className="loading">Loading…</p> : null}
      {staff.error ? <ErrorMessage message={staff.error.message} /> : null}
      <ul className="staff-list">
        {staff.data?.map((member) => (
          <MemberRow key={member.id} member={member} onChanged={refresh} />
        ))}
      </ul>
      <Appoint onChanged={refresh} />
    </>
  );
}

/** `/dashboard/moderation/staff`: who the moderators and admins are, and changing it (admins). */
export default function StaffPage() {
  usePageTitle('Staff');
  return (
    <RequireRole title="Staff" permission="staff.appoint" who="admins">
      {() => (
        <section className="moderation-page">
          <h1>Staff</h1>
          <p>
            Moderators decide on reports and uploads; admins also restore takedowns, read the audit
            log and appoint staff. Revoking returns someone to what they were before.{' '}
            <Link to="/dashboard/moderation">Back to the queue</Link>
          </p>
          <StaffBoard />
        </section>
      )}
    </RequireRole>
  );
}
