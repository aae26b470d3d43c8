import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { accountFailureInWords } from '../account/account-rules.ts';
import { FormField } from '../account/FormField.tsx';
import { safeNext } from '../account/next-page.ts';
import { useSessionChanged } from '../account/use-session.ts';
import { SiteApiError, siteJson } from '../api/site-fetch.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { usePageTitle } from '../shell/use-page-title.ts';

/** What the form says of an input the server refused, by the name the server gives it. */
const FIELD_WORDS = {
  login: 'Type your username or e-mail address.',
  password: 'Type your password.',
};

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
  const next = query.get('next');
  const withNext = (path: string) => (next ? `${path}?next=${encodeURIComponent(next)}` : path);
  const submit = async () => {
    setBusy(true);
    setError('');
    try {
      const suffix = loginType ? `?loginType=${encodeURIComponent(loginType)}` : '';
      await siteJson(`/api/v3/login${suffix}`, { method: 'POST', json: { login, password } });
      await sessionChanged();
      void navigate(safeNext(next));
    } catch (failure) {
      // Right password, unconfirmed address: the page that confirms it, with the address the
      // server named (a login by username does not say it) and where the visitor was headed.
      if (failure instanceof SiteApiError && failure.code === 'email_not_confirmed') {
        const jail = new URLSearchParams();
        const email = failure.details.email ?? (login.includes('@') ? login.trim() : '');
        if (email) jail.set('email', email);
        if (next) jail.set('next', safeNext(next));
        const search = jail.toString();
        void navigate(`/email-jail${search ? `?${search}` : ''}`);
        return;
      }
      setError(accountFailureInWords(failure, FIELD_WORDS));
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
        New here? <Link to={withNext('/join')}>Create an account</Link>. Forgot your password?{' '}
        <Link to="/password">Reset it</Link>.
      </p>
    </section>
  );
}
