import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormField } from '../account/FormField.tsx';
import { siteJson } from '../api/site-fetch.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { usePageTitle } from '../shell/use-page-title.ts';

/** `/password`: ask for a reset link; with the link's `?token=`, choose the new password. */
export default function PasswordPage() {
  const token = useSearchParams()[0].get('token');
  usePageTitle(token ? 'Choose a new password' : 'Reset your password');
  const [value, setValue] = useState('');
  const [done, setDone] = useState(false);
  // A reset ends the account's personal API tokens; the owner is told, to make new ones.
  const [tokensEnded, setTokensEnded] = useState(0);
  const [error, setError] = useState('');
  const submit = async () => {
    setError('');
    try {
      const answer = await siteJson<{ api_tokens_revoked?: number }>('/api/v3/password/reset', {
        method: 'POST',
        json: token ? { token, password: value } : { email: value },
      });
      setTokensEnded(answer.api_tokens_revoked ?? 0);
      setDone(true);
    } catch (failure) {
      setError((failure as Error).message);
    }
  };
  if (done)
    return (
      <section className="form-page">
        <h1>{token ? 'Password changed' : 'Check your e-mail'}</h1>
        <p>
          {token ? (
            <Link to="/login">Log in with your new password</Link>
          ) : (
            'If an account has that address, a link to reset its password is on its way.'
          )}
        </p>
        {token ? (
          <p>
            Every other sign-in and reset link has ended
            {tokensEnded > 0 ? (
              <>
                , and so have your{' '}
                {tokensEnded === 1 ? 'personal API token' : `${tokensEnded} personal API tokens`}:{' '}
                <Link to="/settings">make new ones in Settings</Link>
              </>
            ) : null}
            .
          </p>
        ) : null}
      </section>
    );
  return (
    <section className="form-page">
      <h1>{token ? 'Choose a new password' : 'Reset your password'}</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormField
          label={token ? 'New password' : 'E-mail'}
          name={token ? 'password' : 'email'}
          type={token ? 'password' : 'email'}
          autoComplete={token ? 'new-password' : 'email'}
          value={value}
          onChange={setValue}
        />
        {error ? <ErrorMessage message={error} /> : null}
        <button type="submit" className="primary">
          {token ? 'Change password' : 'Send the link'}
        </button>
      </form>
    </section>
  );
}
