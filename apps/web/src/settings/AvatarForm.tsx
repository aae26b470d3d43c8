import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSessionChanged } from '../account/use-session.ts';
import { siteJson } from '../api/site-fetch.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { FileButton } from '../components/FileButton.tsx';
import { useProfileChanged, type Profile } from './use-profile.ts';

/** The profile picture: a new one from a file (checked like any upload), or back to the default. */
export function AvatarForm({ profile }: { profile: Profile }) {
  const profileChanged = useProfileChanged(profile.id);
  const sessionChanged = useSessionChanged();
  // The render finished (the profile query polls while it is pending): the header and tiles
  // show the new avatar too.
  const wasPending = useRef(profile.avatar_pending === true);
  useEffect(() => {
    if (wasPending.current && !profile.avatar_pending) void sessionChanged();
    wasPending.current = profile.avatar_pending === true;
  }, [profile.avatar_pending, sessionChanged]);
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
        <FileButton
          label="Choose a picture"
          accept="image/gif,image/webp,image/png,image/jpeg"
          onFiles={([file]) => file && change.mutate(file)}
        />
        <button type="button" className="secondary" onClick={() => change.mutate(null)}>
          Use the default
        </button>
      </div>
      {change.isPending ? <p className="loading">Saving…</p> : null}
      {!change.isPending && profile.avatar_pending ? (
        <p className="loading" role="status">
          Processing your new avatar…
        </p>
      ) : null}
      {profile.avatar_error && !profile.avatar_pending ? (
        <ErrorMessage message={`Your last picture could not be used (${profile.avatar_error}).`} />
      ) : null}
      {change.error ? <ErrorMessage message={change.error.message} /> : null}
    </section>
  );
}
