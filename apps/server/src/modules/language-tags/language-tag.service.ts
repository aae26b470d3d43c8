import type { Logger } from 'pino';
import type { Kysely, Transaction } from 'kysely';
import { authorize, can, type Actor } from '../accounts/index.ts';
import type { Database } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { CachePurge } from '../../platform/lib/cache-purge.ts';
import { MAX_LANGUAGE_TAGS } from './language-tag-input.schema.ts';
import type {
  LanguageTagRepository,
  LanguageTagRow,
  TaggedGif,
} from './language-tag.repository.ts';

export interface LanguageTagDeps {
  db: Kysely<Database>;
  tags: LanguageTagRepository;
  purge: CachePurge;
  /** Tells other nodes to purge too, at `trx`'s commit (see moderation/purge-broadcast.ts). */
  announce: (trx: Transaction<Database>, gifId: string) => Promise<void>;
  log: Logger;
}

/** Whether `actor` may see `gif`'s tags: anyone a ready GIF's, its owner and staff any other's. */
function visible(actor: Actor | null, gif: TaggedGif): boolean {
  if (gif.status === 'removed') return false;
  return gif.status === 'ready' || can(actor, 'gif.edit', { ownerId: gif.user_id });
}

/**
 * Tags of a GIF in other languages than its own. Anyone reads a visible GIF's; its owner and
 * staff add and remove them. A change is searchable at commit (migration 0022's triggers) and
 * every kept answer is purged before the request answers, as for a takedown.
 */
export class LanguageTagService {
  readonly #deps: LanguageTagDeps;
  /** Read once: the database's configurations change only with a migration, which restarts. */
  #languages: Promise<string[]> | undefined;
  constructor(deps: LanguageTagDeps) {
    this.#deps = deps;
  }

  /** The codes of the languages search stems, which a GIF or its language tags may be in. */
  languages(): Promise<string[]> {
    this.#languages ??= this.#deps.tags.searchLanguages().catch((error: unknown) => {
      // A failed read is not kept: the next call asks again.
      this.#languages = undefined;
      throw error;
    });
    return this.#languages;
  }

  /** Each visible GIF of `gifIds` with its tags in `lang`; unknown and hidden ids are left out. */
  async bulk(
    actor: Actor | null,
    gifIds: string[],
    lang: string,
  ): Promise<{ gifIds: string[]; rows: LanguageTagRow[] }> {
    await this.#checkLanguage(lang);
    const gifs = await this.#deps.tags.findGifs(gifIds);
    const shown = new Set(gifs.filter((gif) => visible(actor, gif)).map((gif) => gif.id));
    const ids = gifIds.filter((id) => shown.has(id));
    return { gifIds: ids, rows: await this.#deps.tags.forGifs(ids, lang) };
  }

  /** The GIF and its tags in every language. */
  async translations(
    actor: Actor | null,
    gifId: string,
  ): Promise<{ gif: TaggedGif; rows: LanguageTagRow[] }> {
    const [gif] = await this.#deps.tags.findGifs([gifId]);
    if (!gif || !visible(actor, gif)) throw new AppError('gif_not_found', 'No GIF with that id.');
    return { gif, rows: await this.#deps.tags.forGifs([gifId]) };
  }

  /** Adds tags in `lang`; answers the GIF's tags in `lang` afterwards. */
  async add(
    actor: Actor | null,
    input: { gifId: string; lang: string; tags: string[] },
  ): Promise<LanguageTagRow[]> {
    if (!actor) throw new AppError('not_signed_in', 'Sign in to tag a GIF.');
    await this.#checkLanguage(input.lang);
    return this.#change(actor, input.gifId, input.lang, async (trx, gif) => {
      const existing = await this.#deps.tags.tagsOf(trx, [gif.id], input.lang);
      const added = input.tags.filter((tag) => !existing.some((row) => row.tag === tag));
      if (existing.length + added.length > MAX_LANGUAGE_TAGS)
        throw new AppError(
          'too_many_tags',
          `A GIF has at most ${MAX_LANGUAGE_TAGS} tags in one language (${existing.length} now).`,
        );
      if (added.length === 0) return false;
      await this.#deps.tags.add(trx, {
        gifId: gif.id,
        lang: input.lang,
        tags: added,
        addedBy: actor.id,
      });
      return true;
    });
  }

  /** Removes one tag in `lang`; answers the GIF's tags in `lang` afterwards. */
  async remove(
    actor: Actor | null,
    input: { gifId: string; lang: string; tag: string },
  ): Promise<LanguageTagRow[]> {
    if (!actor) throw new AppError('not_signed_in', 'Sign in to tag a GIF.');
    await this.#checkLanguage(input.lang);
    return this.#change(actor, input.gifId, input.lang, async (trx, gif) => {
      const removed = await this.#deps.tags.remove(trx, { ...input, gifId: gif.id });
      if (!removed)
        throw new AppError('language_tag_not_found', 'The GIF has no such tag in that language.');
      return true;
    });
  }

  /**
   * Runs `edit` on the locked GIF, then purges what is kept about it when `edit` changed
   * something. Someone who may not edit it learns no more than a visitor: 403 for a ready GIF,
   * 404 for any other; a taken-down GIF is 404 for everyone (a restore comes first).
   */
  async #change(
    actor: Actor,
    gifId: string,
    lang: string,
    edit: (trx: Transaction<Database>, gif: TaggedGif) => Promise<boolean>,
  ): Promise<LanguageTagRow[]> {
    const { db, tags, announce, purge, log } = this.#deps;
    const { changed, rows } = await db.transaction().execute(async (trx) => {
      const gif = await tags.lockGif(trx, gifId);
      if (!gif || !visible(actor, gif)) throw new AppError('gif_not_found', 'No GIF with that id.');
      authorize(actor, 'gif.edit', { ownerId: gif.user_id });
      const changed = await edit(trx, gif);
      if (changed) await announce(trx, gif.id);
      return { changed, rows: await tags.tagsOf(trx, [gif.id], lang) };
    });
    if (changed) {
      purge.purge(gifId);
      log.info({ gif_id: gifId, lang, by: actor.id }, 'language tags changed');
    }
    return rows;
  }

  async #checkLanguage(lang: string): Promise<void> {
    if ((await this.#deps.tags.searchConfig(lang)) === 'simple')
      throw new AppError(
        'unsupported_language',
        `Jiffy cannot stem "${lang}"; use a language its search knows (such as en, es, fr, de).`,
      );
  }
}
