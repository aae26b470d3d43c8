import { roleMay, type RolePermission } from '@jiffy/contracts/role-permissions';
import type { ReactNode } from 'react';
import { RequireSignIn } from '../account/RequireSignIn.tsx';
import type { SessionUser } from '../account/use-session.ts';

/**
 * A page for the roles that hold `permission` (the server's own rule, which refuses everyone
 * else's calls): visitors are asked to log in, other users are told plainly that the page is
 * not for them.
 */
export function RequireRole(props: {
  title: string;
  permission: RolePermission;
  who: string;
  children: (user: SessionUser) => ReactNode;
}) {
  return (
    <RequireSignIn title={props.title} purpose={`to see this page (${props.who} only)`}>
      {(user) =>
        roleMay(user.role, props.permission) ? (
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
