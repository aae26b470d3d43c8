import type { Gif } from '@jiffy/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../account/use-session.ts';
import { siteJson } from '../api/site-fetch.ts';
import { ErrorMessage } from './ErrorMessage.tsx';

/**
 * E-mail the GIF (`POST /ajax/instashare/`): its still, link and embed code go to one address.
 * Signed-in users only, as the server requires; visitors are asked to sign in.
 */
export function EmailGif({ gif }: { gif: Gif }) {
  const fieldId = useId();
  const session = useSession();
  const [to, setTo] = useState('');
  const send = useMutation({
    mutationFn: (address: string) =>
      siteJson<{ to: string }>('/ajax/instashare/', {
        method: 'POST',
        json: { gif_id: gif.id, to: address },
      }),
    onSuccess: () => setTo(''),
  });
  if (!session.data?.logged_in)
    return (
      <p className="email-gif">
        <Link to="/login">Sign in</Link> to e-mail this GIF.
      </p>
    );
  return (
    <form
      className="email-gif"
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate(to);
      }}
    >
      <label htmlFor={fieldId}>E-mail it to</label>
      <input
        id={fieldId}
        type="email"
        required
        maxLength={254}
        autoComplete="off"
        value={to}
        onChange={(event) => setTo(event.target.value)}
      />
      <button type="submit" disabled={send.isPending}>
        Send
      </button>
      {send.isSuccess ? <p role="status">Sent to {send.data.to}.</p> : null}
      {send.error ? <ErrorMessage message={send.error.message} /> : null}
    </form>
  );
}
