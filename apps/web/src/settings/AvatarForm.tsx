import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { siteJson } from '../api/site-fetch.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { useProfileChanged, type Profile } from './use-profile.ts';

/** The profile picture: a new one from a file (checked like any upload), or back to the default. */
export function AvatarForm({ profile }: { profile: Profile }) {
  const inputId = useId();
  const profileChanged = useProfileChanged(profile.id);
  const path = `/api/v1/users/${profile.id}/avatar`;
  const change = useMutation({
    mutationFn: (file: File | null) => {
      if (!file) return siteJson<Profile>(path, { method: 'DELETE' });
      const form = new FormData();
      form.append('file', file, file.name);
      return siteJson<Profile>(path, { method: 'PUT', form });
    },
    onSuccess: profileChanged,
  });
  return (
    <section aria-labelledby="avatar-heading">
      <h2 id="avatar-heading">Avatar</h2>
      <div className="avatar-row">
        <img className="avatar" src={profile.avatar_url} width={80} height={80} alt="Your avatar" />
        <label htmlFor={inputId} className="button secondary">
          Choose a picture
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/gif,image/webp,image/png,image/jpeg"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) change.mutate(file);
            event.target.value = '';
          }}
        />
        <button type="button" className="secondary" onClick={() => change.mutate(null)}>
          Use the default
        </button>
      </div>
      {change.isPending ? <p className="loading">Saving…</p> : null}
      {change.error ? <ErrorMessage message={change.error.message} /> : null}
    </section>
  );
}
