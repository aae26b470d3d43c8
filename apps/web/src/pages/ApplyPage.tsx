import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { RequireSignIn } from '../account/RequireSignIn.tsx';
import { FormField } from '../account/FormField.tsx';
import type { SessionUser } from '../account/use-session.ts';
import { siteJson } from '../api/site-fetch.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';

/** `/apply`: ask to become a verified creator; a moderator approves or rejects. */
export default function ApplyPage() {
  return (
    <RequireSignIn title="Become a creator" purpose="to apply as a creator">
      {(user) => <Application user={user} />}
    </RequireSignIn>
  );
}

function Application({ user }: { user: SessionUser }) {
  const messageId = useId();
  const [message, setMessage] = useState('');
  const [portfolio, setPortfolio] = useState('');
  const apply = useMutation({
    mutationFn: () =>
      siteJson('/api/v3/creator-applications', {
        method: 'POST',
        json: { message, ...(portfolio.trim() ? { portfolio_url: portfolio.trim() } : {}) },
      }),
  });
  if (user.role !== 'user')
    return (
      <section className="status-page">
        <h1>Become a creator</h1>
        <p>Your account is already a {user.role} account.</p>
      </section>
    );
  if (apply.isSuccess)
    return (
      <section className="status-page">
        <h1>Application sent</h1>
        <p role="status">A moderator will review it. Approved creators get the verified badge.</p>
      </section>
    );
  const tooShort = message.trim().length < 10;
  return (
    <section className="form-page">
      <h1>Become a creator</h1>
      <p>Creators get a verified badge and their channel is featured. Tell us about your work.</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          apply.mutate();
        }}
      >
        <div className="form-field">
          <label htmlFor={messageId}>About your work (at least 10 characters)</label>
          <textarea
            id={messageId}
            rows={5}
            maxLength={2000}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </div>
        <FormField
          label="Portfolio link (optional)"
          name="portfolio_url"
          type="url"
          value={portfolio}
          onChange={setPortfolio}
        />
        {apply.error ? <ErrorMessage message={apply.error.message} /> : null}
        <button type="submit" className="primary" disabled={tooShort || apply.isPending}>
          Apply
        </button>
      </form>
    </section>
  );
}
