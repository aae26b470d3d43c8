import { ROLE_PERMISSIONS } from '@jiffy/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { StoryPosition } from './story-cursor.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface StoryRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  cover_gif_id: string | null;
  user_id: string;
  tags: string[];
  is_published: boolean;
  publish_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface StoryItemRow {
  story_id: string;
  position: number;
  gif_id: string;
  caption: string;
  link: string | null;
}

/** What a story's author writes; the rest (id, times) the service decides. */
export interface StoryFields {
  slug: string;
  title: string;
  description: string;
  cover_gif_id: string | null;
  tags: string[];
  is_published: boolean;
  publish_at: Date | null;
}

export interface TrendingStoryRow {
  story: StoryRow;
  trending_at: Date;
}

const storyColumns = [
  'stories.id',
  'stories.slug',
  'stories.title',
  'stories.description',
  'stories.cover_gif_id',
  'stories.user_id',
  'stories.tags',
  'stories.is_published',
  'stories.publish_at',
  'stories.created_at',
  'stories.updated_at',
] as const;

// The time a list sorts by: when it was (or will be) published, else when it was written.
const sortAt = sql<Date>`coalesce(stories.publish_at, stories.created_at)`;

/** SQL for stories, their items and trending stories. */
export class StoryRepository {
  readonly #db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  #stories(db: Db = this.#db) {
    return db.selectFrom('stories').select(storyColumns);
  }

  findById(id: string): Promise<StoryRow | undefined> {
    return this.#stories().where('stories.id', '=', id).executeTakeFirst();
  }

  findBySlug(slug: string): Promise<StoryRow | undefined> {
    return this.#stories().where('stories.slug', '=', slug).executeTakeFirst();
  }

  lockById(trx: Transaction<Database>, id: string): Promise<StoryRow | undefined> {
    return this.#stories(trx).where('stories.id', '=', id).forUpdate().executeTakeFirst();
  }

  async slugTaken(db: Db, slug: string, exceptId: string): Promise<boolean> {
    const row = await db
      .selectFrom('stories')
      .select('id')
      .where('slug', '=', slug)
      .where('id', '!=', exceptId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(
    trx: Transaction<Database>,
    story: StoryFields & { id: string; user_id: string; at: Date },
  ): Promise<void> {
    const { at, ...fields } = story;
    await trx
      .insertInto('stories')
      .values({ ...fields, created_at: at, updated_at: at })
      .execute();
  }

  async update(
    trx: Transaction<Database>,
    id: string,
    story: StoryFields & { at: Date },
  ): Promise<void> {
    const { at, ...fields } = story;
    await trx
      .updateTable('stories')
      .set({ ...fields, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  async delete(trx: Transaction<Database>, id: string): Promise<void> {
    await trx.deleteFrom('stories').where('id', '=', id).execute();
  }

  /** Replaces a story's items with `items`, in their order. */
  async replaceItems(
    trx: Transaction<Database>,
    storyId: string,
    items: { gif_id: string; caption: string; link: string | null }[],
  ): Promise<void> {
    await trx.deleteFrom('story_items').where('story_id', '=', storyId).execute();
    if (items.length === 0) return;
    await trx
      .insertInto('story_items')
      .values(items.map((item, position) => ({ story_id: storyId, position, ...item })))
      .execute();
  }

  /** The items of `storyIds`, each story's in order. */
  itemsOf(storyIds: string[]): Promise<StoryItemRow[]> {
    if (storyIds.length === 0) return Promise.resolve([]);
    return this.#db
      .selectFrom('story_items')
      .selectAll()
      .where('story_id', 'in', storyIds)
      .orderBy('story_id')
      .orderBy('position')
      .execute();
  }

  /**
   * A page of stories newest first (by publish time, or writing time for drafts), after
   * `after`: one author's or everyone's (or staff's), published ones only unless `unpublished`.
   */
  list(options: {
    userId?: string | undefined;
    unpublished: boolean;
    byStaff: boolean;
    at: Date;
    after?: StoryPosition | undefined;
    limit: number;
  }): Promise<StoryRow[]> {
    let query = this.#stories();
    if (options.userId) query = query.where('stories.user_id', '=', options.userId);
    // Staff are who decide what the public lists show: their stories are the site's posts.
    if (options.byStaff)
      query = query.where('stories.user_id', 'in', (users) =>
        users.selectFrom('users').select('id').where('role', 'in', ROLE_PERMISSIONS['post.write']),
      );
    if (!options.unpublished)
      query = query
        .where('stories.is_published', '=', true)
        .where('stories.publish_at', '<=', options.at);
    if (options.after) {
      const { at, id } = options.after;
      query = query.where(
        sql<boolean>`(${sortAt}, stories.id) < (${at}::timestamptz, ${id}::text)`,
      );
    }
    return query
      .orderBy(sortAt, 'desc')
      .orderBy('stories.id', 'desc')
      .limit(options.limit)
      .execute();
  }

  /** Stories published in [since, until] (and by `at`) by verified users, newest first. */
  partnerArtist(options: {
    since?: Date | undefined;
    until?: Date | undefined;
    at: Date;
    limit: number;
  }): Promise<StoryRow[]> {
    let query = this.#stories()
      .innerJoin('users', 'users.id', 'stories.user_id')
      .where('users.is_verified', '=', true)
      .where('stories.is_published', '=', true)
      .where('stories.publish_at', '<=', options.at);
    if (options.since) query = query.where('stories.publish_at', '>=', options.since);
    if (options.until) query = query.where('stories.publish_at', '<=', options.until);
    return query
      .orderBy('stories.publish_at', 'desc')
      .orderBy('stories.id', 'desc')
      .limit(options.limit)
      .execute();
  }

  /** Stories on trending (from `at` on only, unless `withComing`), by their trending time. */
  async trending(options: {
    at: Date;
    withComing: boolean;
    sort: 'asc' | 'desc';
  }): Promise<TrendingStoryRow[]> {
    let query = this.#stories()
      .innerJoin('trending_stories', 'trending_stories.story_id', 'stories.id')
      .select('trending_stories.publish_at as trending_at');
    if (!options.withComing) query = query.where('trending_stories.publish_at', '<=', options.at);
    const rows = await query
      .orderBy('trending_stories.publish_at', options.sort)
      .orderBy('stories.id', options.sort)
      .limit(100)
      .execute();
    return rows.map(({ trending_at, ...story }) => ({ story, trending_at }));
  }

  async putOnTrending(
    trx: Transaction<Database>,
    entry: { storyId: string; at: Date; by: string },
  ): Promise<void> {
    await trx
      .insertInto('trending_stories')
      .values({ story_id: entry.storyId, publish_at: entry.at, added_by: entry.by })
      .onConflict((oc) =>
        oc.column('story_id').doUpdateSet({ publish_at: entry.at, added_by: entry.by }),
      )
      .execute();
  }

  async takeOffTrending(storyId: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('trending_stories')
      .where('story_id', '=', storyId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
