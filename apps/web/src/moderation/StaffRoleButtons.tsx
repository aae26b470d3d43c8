import { useMutation } from '@tanstack/react-query';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { setStaffRole, type StaffMember, type StaffRoleChoice } from './staff-api.ts';

/** The changes an admin can make to this user's role, each a button. */
function choicesFor(member: StaffMember): [StaffRoleChoice, string][] {
  const back = `Revoke (back to ${member.returns_to ?? 'user'})`;
  if (member.role === 'admin')
    return [
      ['moderator', 'Make moderator'],
      ['user', back],
    ];
  if (member.role === 'moderator')
    return [
      ['admin', 'Make admin'],
      ['user', back],
    ];
  return [
    ['moderator', 'Make moderator'],
    ['admin', 'Make admin'],
  ];
}

/** Buttons that change `member`'s role; `onChanged` hears the user as they now are. */
export function StaffRoleButtons(props: {
  member: StaffMember;
  onChanged: (member: StaffMember) => void;
}) {
  const change = useMutation({
    mutationFn: (role: StaffRoleChoice) => setStaffRole(props.member.id, role),
    onSuccess: (answer) => props.onChanged(answer.user),
  });
  return (
    <span className="staff-role-buttons">
      {choicesFor(props.member).map(([role, label]) => (
        <button
          key={role}
          type="button"
          className="secondary"
          disabled={change.isPending}
          onClick={() => change.mutate(role)}
        >
          {label}
        </button>
      ))}
      {change.error ? <ErrorMessage message={change.error.message} /> : null}
    </span>
  );
}
