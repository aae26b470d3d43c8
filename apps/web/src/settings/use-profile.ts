import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionChanged } from '../account/use-session.ts';
import { siteJson } from '../api/site-fetch.ts';

/** The owner's view of their profile (`GET /api/v1/users/:id/`, private fields included). */
export interface Profile {
  id: string;
  username: string;
  display_name: string;
  description: string;
  avatar_url: string;
  website_url: string;
  instagram_url: string;
  twitter: string;
  /** A linked open.spotify.com/artist/… page ('' when none) and the artist's name. */
  spotify_url: string;
  spotify_artist_name: string;
  is_public: boolean;
  /** Takes freelance work: the artists directory can be narrowed to them. */
  freelance: boolean;
  email: string;
  /** An uploaded avatar is being rendered (a job); avatar_url changes when it is done. */
  avatar_pending?: boolean;
  /** Error code of the last avatar upload that could not be rendered. */
  avatar_error?: string | null;
}

export const profileKey = (userId: string) => ['profile', userId] as const;

export function useProfile(userId: string) {
  return useQuery({
    queryKey: profileKey(userId),
    queryFn: () => siteJson<Profile>(`/api/v1/users/${userId}/`),
    // While a new avatar renders, ask again every second until its URL changes.
    refetchInterval: (query) => (query.state.data?.avatar_pending ? 1000 : false),
  });
}

/** After a change: the settings page and every GIF tile show the new profile. */
export function useProfileChanged(userId: string): (profile: Profile) => void {
  const client = useQueryClient();
  const sessionChanged = useSessionChanged();
  return (profile) => {
    client.setQueryData(profileKey(userId), profile);
    void sessionChanged();
  };
}
