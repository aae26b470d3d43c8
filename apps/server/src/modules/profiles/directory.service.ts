import type { UserRow } from '../../platform/db/schema.ts';
import type { UserRepository } from '../users/index.ts';

export interface ArtistsQuery {
  filter: string | null;
  freelance: boolean;
  sort: 'updatetime' | 'username';
  order: 'asc' | 'desc';
  offset: number;
}

/** A page of the artists directory, GIPHY's shape: the next page's offset, or null. */
export interface ArtistsPage {
  rows: UserRow[];
  total: number;
  offset: number;
  next: number | null;
}

/** An instance's public directories of people: its verified creators and its team. */
export class DirectoryService {
  static readonly ARTISTS_PAGE = 25;
  readonly #users: UserRepository;

  constructor(users: UserRepository) {
    this.#users = users;
  }

  async artists(query: ArtistsQuery): Promise<ArtistsPage> {
    const { rows, total } = await this.#users.listArtists({
      ...query,
      limit: DirectoryService.ARTISTS_PAGE,
    });
    const end = query.offset + rows.length;
    return { rows, total, offset: query.offset, next: end < total ? end : null };
  }

  /** Who runs the instance: its admins and moderators whose profiles are public. */
  team(): Promise<UserRow[]> {
    return this.#users.listStaff();
  }
}
