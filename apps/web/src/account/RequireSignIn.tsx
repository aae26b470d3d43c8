import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession, type SessionUser } from './use-session.ts';

/**
 * A page for signed-in users: the page itself for them, and for anyone else its title and
 * links to log in or create an account, both of which come back here.
 */
export function RequireSignIn(props: {
  title: string;
  purpose: string;
  children: (user: SessionUser) => ReactNode;
}) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <p className="loading">Loading…</p>;
  const user = session.data?.user;
  if (user) return props.children(user);
  const next = encodeURIComponent(location.pathname + location.search);
  return (
    <section className="status-page">
      <h1>{props.title}</h1>
      <p>
        <Link to={`/login?next=${next}`}>Log in</Link> {props.purpose}. New here?{' '}
        <Link to={`/join?next=${next}`}>Create an account</Link>.
      </p>
    </section>
  );
}
