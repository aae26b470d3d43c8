import { useState } from 'react';
import { siteJson } from '../api/site-fetch.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { FormField } from './FormField.tsx';

/**
 * The six-digit code from the confirmation e-mail, with a button to send a new e-mail. Asks for
 * the address too when the page does not know it (a log-in by username).
 */
export function ConfirmEmailForm(props: { email: string; onConfirmed: () => void }) {
  const [email, setEmail] = useState(props.email);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const call = async (path: string, json: object) => {
    setError('');
    setNotice('');
    try {
      await siteJson(path, { method: 'POST', json });
      return true;
    } catch (failure) {
      setError((failure as Error).message);
      return false;
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void call('/api/v3/register/confirm', { email, code }).then(
          (ok) => ok && props.onConfirmed(),
        );
      }}
    >
      {props.email ? null : (
        <FormField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
        />
      )}
      <FormField
        label="Code"
        name="code"
        autoComplete="one-time-code"
        value={code}
        onChange={setCode}
      />
      {error ? <ErrorMessage message={error} /> : null}
      {notice ? <p role="status">{notice}</p> : null}
      <button type="submit" className="primary">
        Confirm
      </button>{' '}
      <button
        type="button"
        className="secondary"
        disabled={!email}
        onClick={() =>
          void call('/api/v3/register/resend', { email }).then(
            (ok) =>
              ok && setNotice(`If ${email} waits for confirmation, a new e-mail is on its way.`),
          )
        }
      >
        Send the e-mail again
      </button>
    </form>
  );
}
