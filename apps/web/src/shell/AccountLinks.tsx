import { VISITOR_ACCOUNT_LINKS } from '@jiffy/contracts/site-links';
import { NavLink, useNavigate } from 'react-router';
import { useSession, useSessionChanged } from '../account/use-session.ts';
import { siteJson } from '../api/site-fetch.ts';
import { AccountMenu } from './AccountMenu.tsx';

/** The header's account corner: Log in / Join, or the signed-in user's account menu. */
export function AccountLinks() {
  const session = useSession();
  const sessionChanged = useSessionChanged();
  const navigate = useNavigate();
  const user = session.data?.user;
  if (!user)
    return (
      <>
        {VISITOR_ACCOUNT_LINKS.map(([to, label]) => (
          <NavLink key={to} to={to}>
            {label}
          </NavLink>
        ))}
      </>
    );
  return (
    <AccountMenu
      user={user}
      onLogOut={() =>
        void siteJson('/api/v3/logout', { method: 'POST' })
          .then(sessionChanged)
          .then(() => navigate('/'))
      }
    />
  );
}
