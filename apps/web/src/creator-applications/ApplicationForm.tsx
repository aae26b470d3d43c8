import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormField } from '../account/FormField.tsx';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { applyAsCreator } from './applications-api.ts';

/** What the applicant writes about their work; `onSent` once the server has it. */
export function ApplicationForm({ onSent }: { onSent: () => Promise<unknown> }) {
  const messageId = useId();
  const [message, setMessage] = useState('');
  const [portfolio, setPortfolio] = useState('');
  const apply = useMutation({
    mutationFn: () => applyAsCreator({ message, portfolio }),
    onSuccess: onSent,
  });
  const tooShort = message.trim().length < 10;
  return (
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
  );
}
