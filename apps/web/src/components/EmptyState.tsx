import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import './empty-state.css';

/** A next step an empty page offers: a link, the first of them the one to take. */
export interface NextStep {
  to: string;
  label: string;
}

/**
 * What a list with nothing in it says: that it is empty, what would fill it, and links to the
 * visitor's next steps (the first one stands out). Pages offer only steps the visitor may take,
 * by the rules the server keeps (`roleMay`).
 */
export function EmptyState(props: { title: string; children?: ReactNode; steps: NextStep[] }) {
  const id = useId();
  return (
    <section className="empty-state" aria-labelledby={id}>
      <p id={id} className="empty-state-title">
        {props.title}
      </p>
      {props.children ? <p className="empty-state-text">{props.children}</p> : null}
      {props.steps.length ? (
        <ul className="empty-state-actions" aria-label="What you can do">
          {props.steps.map((step, i) => (
            <li key={step.to}>
              <Link to={step.to} className={i === 0 ? 'primary' : undefined}>
                {step.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * The invitation for a visitor who is not signed in: create an account (which then goes on to
 * `joinNext`), or log in (which comes back to `logInNext`).
 */
export function joinOrLogIn(options: { joinNext: string; logInNext: string }): NextStep[] {
  return [
    { to: `/join?next=${encodeURIComponent(options.joinNext)}`, label: 'Join Jiffy' },
    { to: `/login?next=${encodeURIComponent(options.logInNext)}`, label: 'Log in' },
  ];
}
