import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { joinErrors } from '../account/account-rules.ts';
import { AccountReady } from '../account/AccountReady.tsx';
import { ConfirmEmailForm } from '../account/ConfirmEmailForm.tsx';
import { FormField } from '../account/FormField.tsx';
import { siteJson } from '../api/site-fetch.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { usePageTitle } from '../shell/use-page-title.ts';

type Step = 'form' | 'confirm' | 'confirmed';

/**
 * `/join`: create an account, then confirm the e-mail address with the six-digit code the
 * e-mail gives, or by opening its link (`/join?confirm=<token>`).
 */
export default function JoinPage() {
  usePageTitle('Create an account');
  const [query] = useSearchParams();
  const token = query.get('confirm');
  const [step, setStep] = useState<Step>('form');
  const [fields, setFields] = useState({ username: '', email: '', password: '' });
  const [shown, setShown] = useState<ReturnType<typeof joinErrors>>({});
  const [error, setError] = useState('');

  const call = async (path: string, json: unknown, next: Step) => {
    setError('');
    try {
      await siteJson(path, { method: 'POST', json });
      setStep(next);
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  useEffect(() => {
    if (token) void call('/api/v3/register/confirm', { token }, 'confirmed');
  }, [token]);

  if (step === 'confirmed') return <AccountReady />;
  if (token)
    return (
      <section className="form-page">
        <h1>Confirming your e-mail…</h1>
        {error ? <ErrorMessage message={error} /> : null}
      </section>
    );
  if (step === 'confirm')
    return (
      <section className="form-page">
        <h1>Check your e-mail</h1>
        <p>We sent a six-digit code to {fields.email}. Type it here, or open the link in it.</p>
        <ConfirmEmailForm email={fields.email} onConfirmed={() => setStep('confirmed')} />
      </section>
    );
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
          if (Object.keys(problems).length === 0) void call('/api/v3/register', fields, 'confirm');
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
        Already have one? <Link to="/login">Log in</Link>.
      </p>
    </section>
  );
}
