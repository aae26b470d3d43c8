import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormField } from '../account/FormField.tsx';
import { useSessionChanged } from '../account/use-session.ts';
import { SiteApiError, siteJson } from '../api/site-fetch.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { usePageTitle } from '../shell/use-page-title.ts';

/** A `next` that stays on this site (no `//elsewhere` or `https://…`). */
const safeNext = (next: string | null): string =>
  next && next.startsWith('/') && !next.startsWith('//') ? next : '/';

/** `/login`: username or e-mail and password; `loginType` (platform_action) is passed on. */
export default function LoginPage() {
  usePageTitle('Log in');
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const sessionChanged = useSessionChanged();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const loginType = query.get('loginType');
  const submit = async () => {
    setBusy(true);
    setError('');
    try {
      const suffix = loginType ? `?loginType=${encodeURIComponent(loginType)}` : '';
      await siteJson(`/api/v3/login${suffix}`, { method: 'POST', json: { login, password } });
      await sessionChanged();
      void navigate(safeNext(query.get('next')));
    } catch (failure) {
      // Right password, unconfirmed address: the page that confirms it.
      if (failure instanceof SiteApiError && failure.code === 'email_not_confirmed') {
        const email = login.includes('@') ? `?email=${encodeURIComponent(login.trim())}` : '';
        void navigate(`/email-jail${email}`);
        return;
      }
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="form-page">
      <h1>Log in</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormField
          label="Username or e-mail"
          name="login"
          autoComplete="username"
          value={login}
          onChange={setLogin}
        />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        {error ? <ErrorMessage message={error} /> : null}
        <button type="submit" className="primary" disabled={busy}>
          Log in
        </button>
      </form>
      <p>
        New here? <Link to="/join">Create an account</Link>. Forgot your password?{' '}
        <Link to="/password">Reset it</Link>.
      </p>
    </section>
  );
}
