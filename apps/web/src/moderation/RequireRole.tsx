import type { ReactNode } from 'react';
import { RequireSignIn } from '../account/RequireSignIn.tsx';
import type { SessionUser } from '../account/use-session.ts';

/**
 * A page for some roles only: visitors are asked to log in, other users are told plainly that
 * the page is not for them (the server refuses their calls anyway).
 */
export function RequireRole(props: {
  title: string;
  roles: string[];
  who: string;
  children: (user: SessionUser) => ReactNode;
}) {
  return (
    <RequireSignIn title={props.title} purpose={`to see this page (${props.who} only)`}>
      {(user) =>
        props.roles.includes(user.role) ? (
          props.children(user)
        ) : (
          <section className="status-page">
            <h1>{props.title}</h1>
            <p role="alert">Not allowed: this page is for {props.who} only.</p>
          </section>
        )
      }
    </RequireSignIn>
  );
}
