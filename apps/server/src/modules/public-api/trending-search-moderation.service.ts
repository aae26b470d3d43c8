import type { Kysely, Transaction } from 'kysely';
import { authorize, type Actor } from '../accounts/index.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { DiscoveryService, TrendingCandidate } from './discovery.service.ts';
import type { PageRequest } from './gif-list.repository.ts';
import { normaliseSearchTerm, searchWords } from './search-words.ts';
import type { TrendingTermRules } from './trending-term-rules.ts';
import type {
  HiddenTermRow,
  TrendingTermRulesRepository,
} from './trending-term-rules.repository.ts';
import type { AuditLogRepository } from '../audit-log/index.ts';

/** What a moderator reviews: the candidates, the hidden terms and the blocked phrases. */
export interface TrendingSearchReview {
  minVisitors: number;
  candidates: TrendingCandidate[];
  hidden: HiddenTermRow[];
  blocked: string[];
}

/**
 * Moderators' hand on trending searches: review what people searched, hide a term for good (or
 * show it again), and keep the list of blocked words and phrases. Each change is written with
 * its audit-log entry in one transaction, announced to the other nodes at commit, and in force
 * on this node before the call answers (the rules are read again, and every cache built from
 * them forgets).
 */
export class TrendingSearchModerationService {
  readonly #db: Kysely<Database>;
  readonly #repo: TrendingTermRulesRepository;
  readonly #rules: TrendingTermRules;
  readonly #discovery: DiscoveryService;
  readonly #auditLog: AuditLogRepository;
  readonly #announce: (trx: Transaction<Database>) => Promise<void>;

  constructor(deps: {
    db: Kysely<Database>;
    repo: TrendingTermRulesRepository;
    rules: TrendingTermRules;
    discovery: DiscoveryService;
    auditLog: AuditLogRepository;
    /** Tells the other nodes, at commit, to read the rules again. */
    announce: (trx: Transaction<Database>) => Promise<void>;
  }) {
    this.#db = deps.db;
    this.#repo = deps.repo;
    this.#rules = deps.rules;
    this.#discovery = deps.discovery;
    this.#auditLog = deps.auditLog;
    this.#announce = deps.announce;
  }

  async review(actor: Actor | null, page: PageRequest): Promise<TrendingSearchReview> {
    authorize(actor, 'trending.moderate_searches');
    const [candidates, hidden, blocked] = await Promise.all([
      this.#discovery.trendingCandidates(page),
      this.#repo.hiddenTerms(),
      this.#repo.blockedPhrases(),
    ]);
    return { minVisitors: this.#discovery.minVisitors, candidates, hidden, blocked };
  }

  /** Hides `term` (as trending searches compare terms) from trending searches and suggestions. */
  hide(actor: Actor | null, term: string): Promise<{ term: string; changed: boolean }> {
    return this.#setHidden(actor, term, true);
  }

  /** Lets `term` trend again (if people search it and no blocked phrase matches it). */
  unhide(actor: Actor | null, term: string): Promise<{ term: string; changed: boolean }> {
    return this.#setHidden(actor, term, false);
  }

  /**
   * Makes the blocked list exactly `phrases`, each kept as its words (lower case, single
   * spaces), without repeats; answers the list as stored.
   */
  async setBlocked(actor: Actor | null, phrases: readonly string[]): Promise<string[]> {
    authorize(actor, 'trending.moderate_searches');
    const normalised = [...new Set(phrases.map((p) => searchWords(p).join(' ')))]
      .filter((phrase) => phrase !== '')
      .sort();
    const before = await this.#db.transaction().execute(async (trx) => {
      const previous = await this.#repo.blockedPhrases(trx);
      await this.#repo.replaceBlocked(trx, normalised, actor.id);
      await this.#auditLog.write(trx, {
        actorUserId: actor.id,
        action: 'trending_search.block_terms',
        gifId: null,
        before: { blocked_terms: previous },
        after: { blocked_terms: normalised },
      });
      await this.#announce(trx);
      return previous;
    });
    if (before.join('\n') !== normalised.join('\n')) await this.#rules.reload();
    return normalised;
  }

  async #setHidden(
    actor: Actor | null,
    raw: string,
    hidden: boolean,
  ): Promise<{ term: string; changed: boolean }> {
    authorize(actor, 'trending.moderate_searches');
    const term = normaliseSearchTerm(raw);
    const changed = await this.#db.transaction().execute(async (trx) => {
      const done = hidden
        ? await this.#repo.hide(trx, term, actor.id)
        : await this.#repo.unhide(trx, term);
      if (!done) return false;
      await this.#auditLog.write(trx, {
        actorUserId: actor.id,
        action: hidden ? 'trending_search.hide' : 'trending_search.unhide',
        gifId: null,
        before: { term, hidden: !hidden },
        after: { term, hidden },
      });
      await this.#announce(trx);
      return true;
    });
    if (changed) await this.#rules.reload();
    return { term, changed };
  }
}
