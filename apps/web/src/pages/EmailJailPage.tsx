import { Link, useSearchParams } from 'react-router';
import { AccountReady } from '../account/AccountReady.tsx';
import { ConfirmEmailForm } from '../account/ConfirmEmailForm.tsx';
import { safeNext } from '../account/next-page.ts';
import { useAccountConfirmed } from '../account/use-account-confirmed.ts';
import { useSession } from '../account/use-session.ts';
import { usePageTitle } from '../shell/use-page-title.ts';

/**
 * `/email-jail`: an account that cannot log in until its e-mail address is confirmed. The
 * address comes filled in: the one the log-in answered with (`?email=`), or the signed-in
 * account's. Confirming signs the account in and goes on to `?next=`, or to a welcome.
 */
export default function EmailJailPage() {
  usePageTitle('Confirm your e-mail');
  const [query] = useSearchParams();
  const next = query.get('next');
  const session = useSession();
  const { welcomed, confirmed } = useAccountConfirmed(next);
  if (welcomed) return <AccountReady user={welcomed} />;
  if (session.isPending) return <p className="loading">Loading…</p>;
  const user = session.data?.user;
  // Signed in means confirmed: the server lets no one in before that.
  if (user)
    return (
      <section className="form-page">
        <h1>Your e-mail is confirmed</h1>
        <p role="status">
          {user.email
            ? `${user.email} is confirmed, and you are logged in as @${user.username}.`
            : `You are logged in as @${user.username}.`}
        </p>
        <p>
          <Link to={safeNext(next)}>{next ? 'Go on' : 'See what is trending'}</Link>
        </p>
      </section>
    );
  return (
    <section className="form-page">
      <h1>Confirm your e-mail</h1>
      <p>
        Your account waits for its e-mail address to be confirmed. Type the six-digit code from the
        e-mail we sent, or open the link in it.
      </p>
      <ConfirmEmailForm
        email={query.get('email') ?? ''}
        onConfirmed={(user) => void confirmed(user)}
      />
    </section>
  );
}
