import { containsPhrase, normaliseSearchTerm, searchWords } from './search-words.ts';
import type { TrendingTermRulesRepository } from './trending-term-rules.repository.ts';

/** Why a term may not be shown among trending searches or suggestions, if it may not. */
export type TermRefusal = 'hidden' | 'blocked';

/**
 * The moderators' hidden terms and blocked phrases as this process holds them: read whole from
 * the database (both lists are short), read again whenever a moderator changes either, here or
 * on another node (moderation/purge-broadcast.ts), and asked for every trending term and every
 * suggested tag without a query. Whoever keeps an answer built from them registers with
 * `whenChanged` and forgets it then.
 */
export class TrendingTermRules {
  readonly #repo: TrendingTermRulesRepository;
  readonly #listeners: (() => void)[] = [];
  #hidden = new Set<string>();
  #blocked: string[][] = [];
  #loaded: Promise<void> | undefined;

  constructor(repo: TrendingTermRulesRepository) {
    this.#repo = repo;
  }

  /** Registers what to forget when the lists change (answers that applied the old ones). */
  whenChanged(forget: () => void): void {
    this.#listeners.push(forget);
  }

  /** Reads both lists again, then tells every registered cache to forget. */
  async reload(): Promise<void> {
    const loading = this.#read();
    this.#loaded = loading;
    try {
      await loading;
    } finally {
      for (const forget of this.#listeners) forget();
    }
  }

  /** Why `term` may not be shown, or null when it may (the lists read at least once). */
  async refusal(term: string): Promise<TermRefusal | null> {
    await this.#ready();
    return this.#refusalOf(term);
  }

  /** A test for many terms at once: true for the ones that may be shown. */
  async allowed(): Promise<(term: string) => boolean> {
    await this.#ready();
    return (term) => this.#refusalOf(term) === null;
  }

  #refusalOf(term: string): TermRefusal | null {
    if (this.#hidden.has(normaliseSearchTerm(term))) return 'hidden';
    const words = searchWords(term);
    return this.#blocked.some((phrase) => containsPhrase(words, phrase)) ? 'blocked' : null;
  }

  #ready(): Promise<void> {
    // A failed first read is tried again by the next caller rather than kept.
    this.#loaded ??= this.#read().catch((error: unknown) => {
      this.#loaded = undefined;
      throw error;
    });
    return this.#loaded;
  }

  async #read(): Promise<void> {
    const [hidden, blocked] = await Promise.all([
      this.#repo.hiddenTerms(),
      this.#repo.blockedPhrases(),
    ]);
    this.#hidden = new Set(hidden.map((row) => row.term));
    this.#blocked = blocked.map((phrase) => phrase.split(' '));
  }
}
