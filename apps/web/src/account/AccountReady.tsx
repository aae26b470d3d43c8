import { roleMay } from '@jiffy/contracts/role-permissions';
import { Link } from 'react-router';
import type { SessionUser } from './use-session.ts';

/**
 * Where a confirmed address leads when the sign-up was headed nowhere in particular (from /join
 * and /email-jail): the account is signed in, and here is what to do first.
 */
export function AccountReady({ user }: { user: SessionUser }) {
  return (
    <section className="form-page">
      <h1>Welcome to Jiffy, @{user.username}</h1>
      <p role="status">Your e-mail address is confirmed and you are logged in.</p>
      <p>What next?</p>
      <ul>
        <li>
          <Link to="/upload">Upload your first GIF</Link>
        </li>
        <li>
          <Link to="/create">Make a GIF from a video</Link>
        </li>
        {roleMay(user.role, 'application.apply') ? (
          <li>
            <Link to="/apply">Apply to be a creator</Link>, to write stories and get a verified
            badge
          </li>
        ) : null}
        <li>
          <Link to="/">See what is trending</Link>
        </li>
      </ul>
    </section>
  );
}
