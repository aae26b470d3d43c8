import { useQuery, useQueryClient } from '@tanstack/react-query';
import { siteJson } from '../api/site-fetch.ts';

export interface SessionUser {
  id: string;
  username: string;
  display_name: string;
  email: string;
  role: string;
  is_verified: boolean;
}

const SESSION = ['session'] as const;

/** Who is signed in (`GET /login/check`), shared by every component that asks. */
export function useSession() {
  return useQuery({
    queryKey: SESSION,
    queryFn: () => siteJson<{ logged_in: boolean; user: SessionUser | null }>('/login/check'),
    staleTime: 60_000,
  });
}

/** After signing in or out: every part of the page asks again who is signed in. */
export function useSessionChanged(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: SESSION });
}
