import { useState } from 'react';
import { siteJson } from '../api/site-fetch.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { accountFailureInWords, codeProblem, emailProblem } from './account-rules.ts';
import { FormField } from './FormField.tsx';
import type { SessionUser } from './use-session.ts';

/** What the form says of a refused input, by the name the server gives the field. */
const FIELD_WORDS = {
  email: 'That is not an e-mail address.',
  code: 'The code is the six digits from the e-mail.',
};

/**
 * The six-digit code from the confirmation e-mail, with a button to send a new e-mail. The
 * address is an input, filled in with what the page knows, unless the page already shows it
 * (`emailShown`). A confirmed address signs its account in: `onConfirmed` hears who.
 */
export function ConfirmEmailForm(props: {
  email: string;
  emailShown?: boolean;
  onConfirmed: (user: SessionUser) => void;
}) {
  const [email, setEmail] = useState(props.email);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ email?: string; code?: string }>({});
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  /** Checks the inputs a call needs, says what is wrong beside them, and sends if nothing is. */
  const call = async <T,>(
    path: string,
    json: { email: string; code?: string },
  ): Promise<T | null> => {
    const problems = {
      email: emailProblem(json.email) || undefined,
      code: json.code === undefined ? undefined : codeProblem(json.code) || undefined,
    };
    setErrors(problems);
    setError('');
    setNotice('');
    if (problems.email || problems.code) return null;
    setBusy(true);
    try {
      return await siteJson<T>(path, { method: 'POST', json });
    } catch (failure) {
      setError(accountFailureInWords(failure, FIELD_WORDS));
      return null;
    } finally {
      setBusy(false);
    }
  };
  const trimmed = { email: email.trim(), code: code.trim() };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void call<{ user: SessionUser }>('/api/v3/register/confirm', trimmed).then(
          (answer) => answer && props.onConfirmed(answer.user),
        );
      }}
    >
      {props.emailShown ? (
        errors.email ? (
          <ErrorMessage message={errors.email} />
        ) : null
      ) : (
        <FormField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          error={errors.email}
          onChange={setEmail}
        />
      )}
      <FormField
        label="Code"
        name="code"
        autoComplete="one-time-code"
        value={code}
        error={errors.code}
        onChange={setCode}
      />
      {error ? <ErrorMessage message={error} /> : null}
      {notice ? <p role="status">{notice}</p> : null}
      <button type="submit" className="primary" disabled={busy}>
        Confirm
      </button>{' '}
      <button
        type="button"
        className="secondary"
        disabled={busy}
        onClick={() =>
          void call('/api/v3/register/resend', { email: trimmed.email }).then(
            (answer) =>
              answer &&
              setNotice(`If ${trimmed.email} waits for confirmation, a new e-mail is on its way.`),
          )
        }
      >
        Send the e-mail again
      </button>
    </form>
  );
}
