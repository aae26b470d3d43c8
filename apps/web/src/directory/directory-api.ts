import { siteBody, siteJson } from '../api/site-fetch.ts';

/** A person as the directories show them: their public profile. */
export interface Person {
  id: string;
  username: string;
  display_name: string;
  description: string;
  avatar_url: string;
  profile_url: string;
  is_verified: boolean;
  freelance: boolean;
  /** On the team page: what they do here. */
  team_role?: 'admin' | 'moderator';
}

export interface ArtistsFilter {
  filter: string;
  freelance: boolean;
  sort: 'updatetime' | 'username';
}

/** A page of `GET /api/v4/artists/` and where the next one starts (null after the last). */
export async function artistsPage(
  query: ArtistsFilter,
  offset: number,
): Promise<{ people: Person[]; total: number; next: number | null }> {
  const params = new URLSearchParams({
    filter: query.filter,
    sort: query.sort,
    // By name reads A to Z; by last update, the newest first.
    order: query.sort === 'username' ? 'asc' : 'desc',
    offset: String(offset),
  });
  if (query.freelance) params.set('freelance', 'true');
  const { data, pagination, next_offset } = await siteBody<{
    data: Person[];
    pagination: { total_count: number };
    next_offset: number | null;
  }>(`/api/v4/artists/?${params}`);
  return { people: data, total: pagination.total_count, next: next_offset };
}

/** `GET /api/v1/team/`: the instance's admins and moderators. */
export function teamMembers(): Promise<Person[]> {
  return siteJson<Person[]>('/api/v1/team/');
}
