import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmEmailForm } from '../account/ConfirmEmailForm.tsx';

/** `/email-jail`: an account that cannot log in until its e-mail address is confirmed. */
export default function EmailJailPage() {
  const [query] = useSearchParams();
  const [confirmed, setConfirmed] = useState(false);
  if (confirmed)
    return (
      <section className="form-page">
        <h1>Your account is ready</h1>
        <p>
          <Link to="/login">Log in</Link> to upload and collect favorites.
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
      <ConfirmEmailForm email={query.get('email') ?? ''} onConfirmed={() => setConfirmed(true)} />
    </section>
  );
}
