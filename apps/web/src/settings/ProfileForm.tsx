import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormField } from '../account/FormField.tsx';
import { siteJson } from '../api/site-fetch.ts';
import { ErrorMessage } from '../components/ErrorMessage.tsx';
import { useProfileChanged, type Profile } from './use-profile.ts';

const TEXT_FIELDS = [
  ['display_name', 'Display name'],
  ['website_url', 'Website'],
  ['instagram_url', 'Instagram link'],
  ['twitter', 'Twitter handle'],
  ['spotify_url', 'Spotify artist page'],
] as const;

/**
 * Display name, about text, links and whether the channel is public. A Spotify artist page is
 * saved with the artist's name, which the server reads from Spotify and this form then shows.
 */
export function ProfileForm({ profile }: { profile: Profile }) {
  const aboutId = useId();
  const profileChanged = useProfileChanged(profile.id);
  const [fields, setFields] = useState({
    display_name: profile.display_name,
    description: profile.description,
    website_url: profile.website_url,
    instagram_url: profile.instagram_url,
    twitter: profile.twitter,
    spotify_url: profile.spotify_url,
    is_public: profile.is_public,
    freelance: profile.freelance,
  });
  const save = useMutation({
    mutationFn: () =>
      siteJson<Profile>(`/api/v1/users/${profile.id}/`, { method: 'PATCH', json: fields }),
    onSuccess: profileChanged,
  });
  return (
    <form
      aria-labelledby="profile-heading"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <h2 id="profile-heading">Profile</h2>
      {TEXT_FIELDS.map(([name, label]) => (
        <FormField
          key={name}
          label={label}
          name={name}
          value={fields[name]}
          onChange={(value) => setFields({ ...fields, [name]: value })}
        />
      ))}
      {profile.spotify_artist_name ? (
        <p className="hint">Linked on Spotify as {profile.spotify_artist_name}.</p>
      ) : null}
      <div className="form-field">
        <label htmlFor={aboutId}>About</label>
        <textarea
          id={aboutId}
          rows={3}
          maxLength={500}
          value={fields.description}
          onChange={(event) => setFields({ ...fields, description: event.target.value })}
        />
      </div>
      <label className="check-field">
        <input
          type="checkbox"
          checked={fields.is_public}
          onChange={(event) => setFields({ ...fields, is_public: event.target.checked })}
        />
        Public channel (your name and picture show with your GIFs)
      </label>
      <label className="check-field">
        <input
          type="checkbox"
          checked={fields.freelance}
          onChange={(event) => setFields({ ...fields, freelance: event.target.checked })}
        />
        Available for freelance work (listed under “Freelance” in the artists directory)
      </label>
      {save.error ? <ErrorMessage message={save.error.message} /> : null}
      {save.isSuccess ? <p role="status">Saved.</p> : null}
      <button type="submit" className="primary" disabled={save.isPending}>
        Save profile
      </button>
    </form>
  );
}
