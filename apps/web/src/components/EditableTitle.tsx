import type { Gif } from '@jiffy/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSession } from '../account/use-session.ts';
import { siteJson } from '../api/site-fetch.ts';
import { ErrorMessage } from './ErrorMessage.tsx';

const STAFF = ['moderator', 'admin'];

/**
 * The GIF page's title; its owner (and staff) can edit it in place. The new title shows at once
 * and rolls back, with the server's message, when the server refuses it.
 */
export function EditableTitle({ gif }: { gif: Gif }) {
  const inputId = useId();
  const client = useQueryClient();
  const session = useSession();
  const me = session.data?.user;
  const mayEdit = !!me && (me.username === gif.user?.username || STAFF.includes(me.role));
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(gif.title);
  const key = ['gif', gif.id];
  const save = useMutation({
    mutationFn: (title: string) =>
      siteJson<{ title: string }>('/ajax/gif/update', {
        method: 'POST',
        json: { gif_id: gif.id, key: 'title', value: title },
      }),
    onMutate: (title) => {
      const before = client.getQueryData<Gif>(key);
      if (before) client.setQueryData<Gif>(key, { ...before, title });
      setEditing(false);
      return { before };
    },
    onError: (_error, _title, context) => {
      if (context?.before) client.setQueryData<Gif>(key, context.before);
    },
    onSuccess: (answer) => {
      const current = client.getQueryData<Gif>(key);
      if (current) client.setQueryData<Gif>(key, { ...current, title: answer.title });
    },
  });
  const title = gif.title || 'Untitled GIF';
  if (editing)
    return (
      <form
        className="title-edit"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(draft);
        }}
      >
        <label htmlFor={inputId}>Title</label>
        <input
          id={inputId}
          value={draft}
          maxLength={140}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="primary">
          Save title
        </button>{' '}
        <button type="button" className="secondary" onClick={() => setEditing(false)}>
          Cancel
        </button>
      </form>
    );
  // The button sits beside the heading, not in it: the heading's name is the title alone.
  return (
    <>
      <div className="title-row">
        <h1>{title}</h1>
        {mayEdit ? (
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setDraft(gif.title);
              save.reset();
              setEditing(true);
            }}
          >
            Edit title
          </button>
        ) : null}
      </div>
      {save.error ? <ErrorMessage message={save.error.message} /> : null}
    </>
  );
}
