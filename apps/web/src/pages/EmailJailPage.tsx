import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AccountReady } from '../account/AccountReady.tsx';
import { ConfirmEmailForm } from '../account/ConfirmEmailForm.tsx';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/email-jail`: an account that cannot log in until its e-mail address is confirmed. */
export default function EmailJailPage() {
  usePageTitle('Confirm your e-mail');
  const [query] = useSearchParams();
  const [confirmed, setConfirmed] = useState(false);
  if (confirmed) return <AccountReady />;
  return (
    <section className="form-page">
      <h1>Confirm your e-mail</h1>
      <p>
        Your account waits for its e-mail address to be confirmed. Type the six-digit code from the
        e-mail we sent, or open the link in it.
      </p>
      <ConfirmEmailForm email={query.get('email') ?? ''} onConfirmed={() => setConfirmed(true)} />
    </section>
  );
}
