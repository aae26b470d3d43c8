import { ratings } from '@jiffy/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { authorize, can, type Actor } from '../accounts/index.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { Clock } from '../../platform/lib/clock.ts';
import { randomBase62, slugify } from '../../platform/lib/ids.ts';
import type { GifListRepository } from '../public-api/index.ts';
import { PAST_GRACE_MS } from '../trending-schedule/index.ts';
import type { UserRepository } from '../users/index.ts';
import type { StoryCursors } from './story-cursor.ts';
import type { StoryInput } from './story-input.schema.ts';
import type { HydratedStory, Hydration, StoryReader } from './story-reader.ts';
import type { StoryFields, StoryRepository, StoryRow } from './story.repository.ts';

export interface StoryDeps {
  db: Kysely<Database>;
  stories: StoryRepository;
  reader: StoryReader;
  lists: GifListRepository;
  users: UserRepository;
  cursors: StoryCursors;
  clock: Clock;
  log: Logger;
}

/** Published and its time has come: what anyone may read. */
const isPublic = (story: StoryRow, now: number) =>
  story.is_published && story.publish_at !== null && story.publish_at.getTime() <= now;

/**
 * Stories: creators and staff write them; anyone with a public key reads published ones;
 * authors and staff also read drafts and stories scheduled for later. Someone who may not see
 * a story learns nothing of it (404, as for an id that does not exist); someone who sees it but
 * may not change it gets 403.
 */
export class StoryService {
  readonly #deps: StoryDeps;
  constructor(deps: StoryDeps) {
    this.#deps = deps;
  }

  async get(actor: Actor | null, id: string, hydration: Hydration): Promise<HydratedStory> {
    return this.#readable(actor, await this.#deps.stories.findById(id), hydration);
  }

  async getBySlug(actor: Actor | null, slug: string, hydration: Hydration) {
    return this.#readable(actor, await this.#deps.stories.findBySlug(slug), hydration);
  }

  async create(actor: Actor | null, input: StoryInput): Promise<HydratedStory> {
    authorize(actor, 'story.write');
    const id = randomBase62(16);
    const at = new Date(this.#deps.clock());
    // Before the transaction: on the embedded engine a query outside it would wait for it.
    await this.#checkGifs(actor.id, input);
    await this.#deps.db.transaction().execute(async (trx) => {
      const fields = this.#fields({ id, input, existing: undefined });
      if (await this.#deps.stories.slugTaken(trx, fields.slug, id)) throw slugTaken(fields.slug);
      await this.#deps.stories.insert(trx, { ...fields, id, user_id: actor.id, at });
      await this.#deps.stories.replaceItems(trx, id, input.items);
    });
    this.#deps.log.info({ story_id: id, by: actor.id }, 'story created');
    return this.get(actor, id, 'ALL');
  }

  /** Saves the whole story again (the editor PUTs a story that has a story_id). */
  async update(actor: Actor | null, id: string, input: StoryInput): Promise<HydratedStory> {
    if (!actor) throw new AppError('not_signed_in', 'Sign in first.');
    // Checked before the lock too (the author never changes), so the GIF check runs outside the
    // transaction and only for someone who may change the story: others learn nothing of it.
    const found = await this.#changeable(actor, await this.#deps.stories.findById(id));
    await this.#checkGifs(found.user_id, input);
    await this.#deps.db.transaction().execute(async (trx) => {
      const existing = await this.#changeable(actor, await this.#deps.stories.lockById(trx, id));
      const fields = this.#fields({ id, input, existing });
      if (await this.#deps.stories.slugTaken(trx, fields.slug, id)) throw slugTaken(fields.slug);
      await this.#deps.stories.update(trx, id, { ...fields, at: new Date(this.#deps.clock()) });
      await this.#deps.stories.replaceItems(trx, id, input.items);
    });
    return this.get(actor, id, 'ALL');
  }

  async delete(actor: Actor | null, id: string): Promise<void> {
    if (!actor) throw new AppError('not_signed_in', 'Sign in first.');
    await this.#deps.db.transaction().execute(async (trx) => {
      await this.#changeable(actor, await this.#deps.stories.lockById(trx, id));
      await this.#deps.stories.delete(trx, id);
    });
    this.#deps.log.info({ story_id: id, by: actor.id }, 'story deleted');
  }

  /**
   * A page of stories, newest first: `username`'s or everyone's. `unpublished` (drafts and
   * scheduled ones too) is for the author and staff only.
   */
  async list(
    actor: Actor | null,
    query: {
      username?: string | undefined;
      unpublished: boolean;
      byStaff?: boolean;
      limit: number;
      cursor?: string | undefined;
      hydration: Hydration;
    },
  ): Promise<{ stories: HydratedStory[]; nextCursor: string | null }> {
    const author = query.username ? await this.#deps.users.findByUsername(query.username) : null;
    if (query.unpublished)
      authorize(actor, 'story.view_unpublished', { ownerId: author?.id ?? null });
    // A cursor belongs to one list: whose, whether unpublished stories are in it, staff's only.
    const staff = query.byStaff ? '|staff' : '';
    const list = `stories|${query.username?.toLowerCase() ?? ''}|${query.unpublished}${staff}`;
    const after = query.cursor ? await this.#deps.cursors.decode(list, query.cursor) : undefined;
    if (query.username && !author) return { stories: [], nextCursor: null };
    const rows = await this.#deps.stories.list({
      userId: author?.id,
      unpublished: query.unpublished,
      byStaff: query.byStaff ?? false,
      at: new Date(this.#deps.clock()),
      after,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const nextCursor =
      rows.length > query.limit && last
        ? await this.#deps.cursors.encode(list, {
            at: last.publish_at ?? last.created_at,
            id: last.id,
          })
        : null;
    return { stories: await this.#deps.reader.hydrate(page, query.hydration), nextCursor };
  }

  /** Published stories by verified creators in [since, until], newest first. */
  async partnerArtist(query: {
    since?: Date | undefined;
    until?: Date | undefined;
    limit: number;
    hydration: Hydration;
  }): Promise<HydratedStory[]> {
    const rows = await this.#deps.stories.partnerArtist({
      ...query,
      at: new Date(this.#deps.clock()),
    });
    return this.#deps.reader.hydrate(rows, query.hydration);
  }

  async #readable(
    actor: Actor | null,
    story: StoryRow | undefined,
    hydration: Hydration,
  ): Promise<HydratedStory> {
    if (!story || !this.canSee(actor, story)) throw notFound();
    return (await this.#deps.reader.hydrate([story], hydration))[0]!;
  }

  /** Whether `actor` may read `story` now. */
  canSee(actor: Actor | null, story: StoryRow): boolean {
    return (
      isPublic(story, this.#deps.clock()) ||
      can(actor, 'story.view_unpublished', { ownerId: story.user_id })
    );
  }

  async #changeable(actor: Actor, story: StoryRow | undefined): Promise<StoryRow> {
    if (!story || !this.canSee(actor, story)) throw notFound();
    authorize(actor, 'story.edit', { ownerId: story.user_id });
    return story;
  }

  /** The stored fields for `input`, after checking its publish time. */
  #fields(options: { id: string; input: StoryInput; existing: StoryRow | undefined }): StoryFields {
    const { input, existing } = options;
    return {
      slug: input.slug ?? existing?.slug ?? defaultSlug(input.title, options.id),
      title: input.title,
      description: input.description,
      cover_gif_id: input.cover_gif_id,
      tags: [...new Set(input.tags)],
      is_published: input.is_published,
      publish_at: input.is_published ? this.#publishAt(input, existing) : null,
    };
  }

  /** When a published story is public: the time asked (never past, unless unchanged), else now. */
  #publishAt(input: StoryInput, existing: StoryRow | undefined): Date {
    if (input.items.length === 0)
      throw new AppError('invalid_request', 'items: a published story needs at least one GIF');
    const now = this.#deps.clock();
    const asked = input.publish_datetime;
    if (!asked)
      return existing?.is_published && existing.publish_at ? existing.publish_at : new Date(now);
    const unchanged = existing?.publish_at?.getTime() === asked.getTime();
    if (!unchanged && asked.getTime() < now - PAST_GRACE_MS)
      throw new AppError(
        'time_in_past',
        `publish_datetime ${asked.toISOString()} has passed; leave it out to publish now.`,
      );
    return asked;
  }

  /** Every GIF named must be ready, and public or the author's own (an unlisted one of theirs). */
  async #checkGifs(authorId: string, input: StoryInput): Promise<void> {
    const ids = [
      ...new Set([...input.items.map((i) => i.gif_id), input.cover_gif_id ?? []].flat()),
    ];
    const rows = await this.#deps.lists.findReady(ids, [...ratings]);
    const usable = new Set(
      rows.filter((g) => g.visibility === 'public' || g.user_id === authorId).map((g) => g.id),
    );
    const missing = ids.find((id) => !usable.has(id));
    if (missing)
      throw new AppError(
        'story_gif_unavailable',
        `GIF ${missing} cannot go in this story: it does not exist, is not ready, or is another's unlisted GIF.`,
      );
  }
}

const notFound = () => new AppError('story_not_found', 'No story with that id.');
const slugTaken = (slug: string) =>
  new AppError('story_slug_taken', `Another story has the slug "${slug}".`);
const defaultSlug = (title: string, id: string) =>
  `${slugify(title) || 'story'}-${id.toLowerCase()}`;
