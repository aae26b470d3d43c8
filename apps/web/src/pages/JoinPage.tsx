import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { accountFailureInWords, joinErrors } from '../account/account-rules.ts';
import { AccountReady } from '../account/AccountReady.tsx';
import { ConfirmEmailForm } from '../account/ConfirmEmailForm.tsx';
import { FormField } from '../account/FormField.tsx';
import { rememberNextAfterConfirm } from '../account/next-page.ts';
import { useAccountConfirmed } from '../account/use-account-confirmed.ts';
import type { SessionUser } from '../account/use-session.ts';
import { siteJson } from '../api/site-fetch.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { usePageTitle } from '../shell/use-page-title.ts';

/** What the form says of an input the server refused, by the name the server gives it. */
const FIELD_WORDS = {
  username: 'Letters, digits and underscores, 2–30 characters.',
  email: 'That is not an e-mail address.',
  password: 'At least 10 characters.',
};

/**
 * `/join`: create an account, then confirm the e-mail address with the six-digit code the
 * e-mail gives, or by opening its link (`/join?confirm=<token>`). Confirming signs the account
 * in and leads to where the visitor was headed (`?next=`, kept in this browser for the link),
 * or to a welcome.
 */
export default function JoinPage() {
  usePageTitle('Create an account');
  const [query] = useSearchParams();
  const token = query.get('confirm');
  const next = query.get('next');
  const { welcomed, confirmed } = useAccountConfirmed(next);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [fields, setFields] = useState({ username: '', email: '', password: '' });
  const [shown, setShown] = useState<ReturnType<typeof joinErrors>>({});
  const [error, setError] = useState('');

  // A link works once: the confirmation is asked for once per token, however often React runs
  // the effect.
  const asked = useRef('');
  useEffect(() => {
    if (!token || asked.current === token) return;
    asked.current = token;
    siteJson<{ user: SessionUser }>('/api/v3/register/confirm', {
      method: 'POST',
      json: { token },
    }).then(
      (answer) => confirmed(answer.user),
      (failure: unknown) => setError(accountFailureInWords(failure, {})),
    );
  }, [token]);

  if (welcomed) return <AccountReady user={welcomed} />;
  if (token)
    return (
      <section className="form-page">
        <h1>{error ? 'That link did not confirm your e-mail' : 'Confirming your e-mail…'}</h1>
        {error ? (
          <>
            <ErrorMessage message={error} />
            <p>
              Already confirmed? <Link to="/login">Log in</Link>. Otherwise{' '}
              <Link to="/email-jail">type the code or have a new e-mail sent</Link>.
            </p>
          </>
        ) : null}
      </section>
    );
  if (step === 'confirm')
    return (
      <section className="form-page">
        <h1>Check your e-mail</h1>
        <p>We sent a six-digit code to {fields.email}. Type it here, or open the link in it.</p>
        <ConfirmEmailForm
          email={fields.email}
          emailShown
          onConfirmed={(user) => void confirmed(user)}
        />
      </section>
    );
  const register = async () => {
    setError('');
    try {
      await siteJson('/api/v3/register', { method: 'POST', json: fields });
      rememberNextAfterConfirm(next);
      setStep('confirm');
    } catch (failure) {
      setError(accountFailureInWords(failure, FIELD_WORDS));
    }
  };
  const set = (name: keyof typeof fields) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));
  return (
    <section className="form-page">
      <h1>Create an account</h1>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const problems = joinErrors(fields);
          setShown(problems);
          if (Object.keys(problems).length === 0) void register();
        }}
      >
        <FormField
          label="Username"
          name="username"
          autoComplete="username"
          value={fields.username}
          error={shown.username}
          onChange={set('username')}
        />
        <FormField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          value={fields.email}
          error={shown.email}
          onChange={set('email')}
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={fields.password}
          error={shown.password}
          onChange={set('password')}
        />
        {error ? <ErrorMessage message={error} /> : null}
        <button type="submit" className="primary">
          Create account
        </button>
      </form>
      <p>
        Already have one?{' '}
        <Link to={next ? `/login?next=${encodeURIComponent(next)}` : '/login'}>Log in</Link>.
      </p>
    </section>
  );
}
