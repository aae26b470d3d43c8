import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { FormField } from '../account/FormField.tsx';
import { siteJson } from '../api/site-fetch.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';

/** A named credential as the list answers it (an API key or a personal token). */
export interface Credential {
  name: string;
  created_at: string;
}

/**
 * A list of named credentials the user creates and revokes: API keys (`/api/v3/api-keys`) and
 * personal tokens (`/api/v3/tokens`) work the same way but for what they show.
 */
export function CredentialsPanel<C extends Credential, Created extends { name: string }>(props: {
  title: string;
  /** One of them, for the form: "API key". */
  noun: string;
  about: ReactNode;
  path: string;
  idOf: (credential: C) => string;
  /** What a row shows besides its name and date. */
  detail: (credential: C) => ReactNode;
  /** What to show once, right after creating one (a token's secret is never shown again). */
  reveal?: (created: Created) => ReactNode;
}) {
  const client = useQueryClient();
  const listKey = ['credentials', props.path];
  const list = useQuery({ queryKey: listKey, queryFn: () => siteJson<C[]>(props.path) });
  const [name, setName] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: listKey });
  const create = useMutation({
    mutationFn: () => siteJson<Created>(props.path, { method: 'POST', json: { name } }),
    onSuccess: () => {
      setName('');
      return refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) =>
      siteJson(`${props.path}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  const headingId = `${props.path.replaceAll('/', '-')}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{props.title}</h2>
      <p className="muted">{props.about}</p>
      {list.error ? <ErrorMessage message={list.error.message} /> : null}
      {list.data?.length ? (
        <ul className="credential-list">
          {list.data.map((credential) => (
            <li key={props.idOf(credential)}>
              <span>
                <strong>{credential.name}</strong> {props.detail(credential)}
                <span className="muted">
                  {' '}
                  · created {new Date(credential.created_at).toLocaleDateString()}
                </span>
              </span>
              <button
                type="button"
                className="danger"
                aria-label={`Revoke ${credential.name}`}
                onClick={() => revoke.mutate(props.idOf(credential))}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      ) : list.data ? (
        <p className="muted">None yet.</p>
      ) : null}
      {revoke.error ? <ErrorMessage message={revoke.error.message} /> : null}
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <FormField
          label={`Name of a new ${props.noun}`}
          name="name"
          value={name}
          onChange={setName}
        />
        <button type="submit" className="primary" disabled={create.isPending || !name.trim()}>
          Create
        </button>
      </form>
      {create.error ? <ErrorMessage message={create.error.message} /> : null}
      {create.data && props.reveal ? props.reveal(create.data) : null}
    </section>
  );
}
