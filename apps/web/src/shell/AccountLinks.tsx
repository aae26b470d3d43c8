import { NavLink, useNavigate } from 'react-router';
import { useSession, useSessionChanged } from '../account/use-session.ts';
import { siteJson } from '../api/site-fetch.ts';

/** The header's account corner: Log in / Join, or the signed-in user and Log out. */
export function AccountLinks() {
  const session = useSession();
  const sessionChanged = useSessionChanged();
  const navigate = useNavigate();
  const user = session.data?.user;
  if (!user)
    return (
      <>
        <NavLink to="/login">Log in</NavLink>
        <NavLink to="/join">Join</NavLink>
      </>
    );
  return (
    <>
      <NavLink to="/favorites">Favorites</NavLink>
      <NavLink to={`/${user.username}`}>@{user.username}</NavLink>
      <NavLink to="/settings">Settings</NavLink>
      <button
        type="button"
        className="link-button"
        onClick={() =>
          void siteJson('/api/v3/logout', { method: 'POST' })
            .then(sessionChanged)
            .then(() => navigate('/'))
        }
      >
        Log out
      </button>
    </>
  );
}
