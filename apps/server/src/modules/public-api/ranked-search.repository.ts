import { ratings } from '@jiffy/contracts';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { PREPARED } from '../../platform/db/prepared-statements.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { CacheRegistry } from '../../platform/cache/cache-registry.ts';
import type { NamedCache } from '../../platform/cache/named-cache.ts';
import type { ListFilter, PageRequest, RowPage } from './gif-list.repository.ts';
import { fromListedGifs, listedGifs } from './listed-gif.sql.ts';
import { PageContinuations } from './page-continuations.ts';
import {
  countedIn,
  counting,
  elsewhereKey,
  matching,
  pairOf,
  termSources,
  type QueryWord,
  type RankedQuery,
  type Source,
} from './ranked-search-sources.ts';

/** A resolved query word; a stop word has no stem. */
type ResolvedWord = QueryWord | { stem: null; written: string };

/** A ranked page, or word that the query names a channel (whose GIFs are found elsewhere). */
export type RankedPage = RowPage & { namesChannel: boolean };

/** Words the ranked index answers: up to four of letters and digits only. */
const plainWords = /^[\p{L}\p{N}]+(?: [\p{L}\p{N}]+){0,3}$/u;

const LEXEME_CACHE_SIZE = 20_000;

/**
 * Search over the ranked inverted index (migration 0014): each word's postings are read in score
 * order straight off the index, so a page costs its offset plus its length, not the number of
 * matches; totals come from the posting counts. Scores are relevance weight x ln(3 + engagement),
 * summed over the query's words.
 */
export class RankedSearchRepository {
  readonly #db: Kysely<Database>;
  // Resolving is a round trip, and the answer never changes for a (configuration, word).
  readonly #words: NamedCache<ResolvedWord | 'unusable'>;
  readonly #configs: NamedCache<string>;
  // Written words known to have postings in GIFs of another language than a query's: only
  // these sources are read (see search). One forgotten is found again by the search after.
  readonly #writtenElsewhere: NamedCache<true>;
  readonly #continuations: PageContinuations;
  constructor(db: Kysely<Database>, caches: CacheRegistry) {
    this.#db = db;
    this.#words = caches.create({ name: 'search_words', max: LEXEME_CACHE_SIZE });
    this.#configs = caches.create({ name: 'search_configs', max: LEXEME_CACHE_SIZE });
    this.#writtenElsewhere = caches.create({
      name: 'search_written_elsewhere',
      max: LEXEME_CACHE_SIZE,
    });
    this.#continuations = new PageContinuations({ caches, ttlMs: 60_000, maxEntries: 20_000 });
  }

  /** The name of where pages ended, forgotten when a GIF leaves or comes back (pages moved). */
  get pageEndsCache(): string {
    return this.#continuations.name;
  }

  /**
   * The query as the ranked index's words, or undefined when it cannot answer: anything but up
   * to four plain words, or a word that is more than one lexeme.
   */
  async resolve(words: string, lang: string): Promise<RankedQuery | undefined> {
    const text = words.trim().replace(/\s+/g, ' ');
    if (!plainWords.test(text)) return undefined;
    const list = [...new Set(text.split(' '))];
    const config = await this.#config(lang);
    const known = new Map<string, ResolvedWord | 'unusable'>();
    for (const w of list) {
      const word = this.#words.get(`${config}|${w}`);
      if (word !== undefined) known.set(w, word);
    }
    const missing = list.filter((w) => !known.has(w));
    if (missing.length > 0) {
      const { rows } = await sql<{ word: string; stems: string[]; written: string[] }>`
        SELECT w AS word,
          tsvector_to_array(to_tsvector(${config}::regconfig, w)) AS stems,
          tsvector_to_array(to_tsvector('simple', w)) AS written
        FROM unnest(${missing}::text[]) AS w`.execute(this.#db);
      for (const { word, stems, written } of rows) {
        const resolved =
          stems.length > 1 || written.length !== 1
            ? 'unusable'
            : { stem: stems[0] ?? null, written: written[0]! };
        this.#words.set(`${config}|${word}`, resolved);
        known.set(word, resolved);
      }
    }
    const resolved: ResolvedWord[] = [];
    for (const w of list) {
      const word = known.get(w);
      if (word === undefined || word === 'unusable') return undefined;
      resolved.push(word);
    }
    // Stop words among others are left out; words with one stem ("dance dancing") are one.
    const kept = resolved
      .filter((word): word is QueryWord => word.stem !== null)
      .filter((word, i, all) => all.findIndex((w) => w.stem === word.stem) === i);
    if (kept.length > 0) return { config, words: kept };
    return {
      config,
      words: [...new Set(resolved.map((word) => word.written))].map((written) => ({
        stem: written,
        written,
      })),
      writtenOnly: true,
    };
  }

  /** The text-search configuration a `lang` code searches with (migration 0010). */
  #config(lang: string): Promise<string> {
    return this.#configs.fetch(lang, async () => {
      const { rows } = await sql<{
        config: string;
      }>`SELECT jiffy_search_config(${lang})::text AS config`.execute(this.#db);
      return rows[0]!.config;
    });
  }

  /**
   * A page of GIFs having every word ('all'), or any of two words ('any'). Two words take
   * either word when no GIF has both, in the same statement: each match then has one word, so
   * the words' postings never share a GIF and their counts add up. One statement: the posting
   * counts give the total and let the postings of other languages' written words (rarely any)
   * be skipped unread. `channel` (SQL for a channel's id or null) tells the caller when the
   * query names a channel, whose GIFs this index does not find.
   *
   * A word's postings in GIFs of other languages (as written) are rare, and each source in the
   * statement costs PostgreSQL about as much to set up as reading a page, even when the counts
   * let it skip the read. So such a source is only in the statement once a search has found it
   * has postings; the counts, read in the same statement, tell when one the statement left out
   * has some, and the search is then asked again with every source.
   */
  async search(options: RankedSearch): Promise<RankedPage> {
    return (await this.#search(options, false)) ?? (await this.#search(options, true))!;
  }

  /** The page, or undefined when a source left out (everyOne false) has postings. */
  async #search(options: RankedSearch, everyOne: boolean): Promise<RankedPage | undefined> {
    const { query, filter, page } = options;
    const unread = (source: Source) =>
      !everyOne &&
      source.notConfig !== undefined &&
      this.#writtenElsewhere.get(elsewhereKey(source)) === undefined;
    // rating_rank is the place in GIPHY's order (migration 0014 numbers it the same way).
    const maxRank = Math.max(...filter.ratings.map((r) => ratings.indexOf(r)));
    const inScope = sql`type = ${filter.type} AND rating_rank <= ${maxRank}`;
    const sourcesOf = (term: QueryWord) => termSources(term, query);
    // One and two words are read in score order, so a page can start where the one before it
    // ended (PageContinuations); three or four are ranked after joining their pairs.
    const continuable = query.words.length <= 2 || options.match === 'any';
    const search = continuable ? searchKey(options, maxRank) : undefined;
    const from =
      search && page.offset > 0 ? this.#continuations.endBefore(search, page.offset) : undefined;
    const after = from
      ? sql`AND score <= ${from.score}::real AND (score < ${from.score}::real OR gif_id > ${from.gifId})`
      : sql``;
    const countsOf = (sources: Source[]) => sql`SELECT vocabulary, lexeme, sum(n) AS n
      FROM search_posting_counts WHERE ${inScope} AND (${sql.join(sources.map(matching), sql` OR `)})
      GROUP BY vocabulary, lexeme`;
    // Each source's postings in `order`, read only when the counts say it has some (and `when`);
    // the sources left out (see above) are collected as the reads are written. Read in score
    // order, a source is one read per rating allowed (`scopes`): the ranked index (migration
    // 0034) keeps each rating's postings apart, so a walk never steps over postings the filter
    // drops (a word whose best GIFs are all rated r had every one of them read, and filtered
    // out, by each search that leaves r out: 30,000 postings for a page at a million GIFs).
    const leftOut: Source[] = [];
    const read = (
      sources: Source[],
      order: RawBuilder<unknown>,
      when = sql`true`,
      scopes = [inScope],
    ) =>
      sources.flatMap((source) => {
        if (unread(source)) {
          leftOut.push(source);
          return [];
        }
        return scopes.map(
          (
            scope,
          ) => sql`(SELECT gif_id, score FROM search_postings WHERE ${matching(source)} AND ${scope}
        AND EXISTS (SELECT 1 FROM counts WHERE ${counting(source)}) AND ${when} ${after} ${order})`,
        );
      });
    // Each source and rating in score order, cut at the end of the page: the page is their merge.
    const skip = from ? 0 : page.offset;
    const byScore = sql`ORDER BY score DESC, gif_id LIMIT ${skip + page.limit}`;
    const eachRating = Array.from(
      { length: maxRank + 1 },
      (_, rank) => sql`type = ${filter.type} AND rating_rank = ${rank}`,
    );
    const readRanked = (sources: Source[], when: RawBuilder<unknown>) =>
      read(sources, byScore, when, eachRating);
    const merged = (branches: RawBuilder<unknown>[]) => sql.join(branches, sql` UNION ALL `);
    // A page past the end of `total` matches is known empty from the counts: nothing is read.
    const within = (total: RawBuilder<unknown>) => sql`${page.offset}::int < ${total}`;
    const statement = { channel: options.channel, page, skip, search, leftOut };

    if (query.words.length === 1 || options.match === 'any') {
      const sources = query.words.flatMap(sourcesOf);
      const total = countedIn(sources);
      return this.#page({
        ...statement,
        counts: countsOf(sources),
        hits: merged(readRanked(sources, within(total))),
        total,
      });
    }
    // 'all': the words two by two, as pair postings.
    const pairs = query.words.flatMap((word, i, all) =>
      i % 2 === 1 ? [] : [all[i + 1] ? pairOf(word, all[i + 1]!) : word],
    );
    if (pairs.length === 1) {
      // Two words: the pair's postings, else (none has both) either word's.
      const pair = sourcesOf(pairs[0]!);
      const words = query.words.flatMap(sourcesOf);
      const noPair = sql`${countedIn(pair)} = 0`;
      const wordsWithin = sql`${noPair} AND ${within(countedIn(words))}`;
      return this.#page({
        ...statement,
        counts: countsOf([...pair, ...words]),
        hits: merged([
          ...readRanked(pair, within(countedIn(pair))),
          ...readRanked(words, wordsWithin),
        ]),
        total: sql`(CASE WHEN ${noPair} THEN ${countedIn(words)} ELSE ${countedIn(pair)} END)`,
      });
    }
    // Three or four words: the GIFs in every pair's set (read in gif_id order, so they merge
    // without sorting), scored by the sum.
    const sets = pairs.map((term, i) => {
      const branches = read(sourcesOf(term), sql`ORDER BY gif_id`);
      return sql`(${merged(branches)}) ${sql.raw(`t${i}`)}`;
    });
    const joined = sets
      .slice(1)
      .reduce((from, set) => sql`${from} JOIN ${set} USING (gif_id)`, sets[0]!);
    const sum = sql.join(
      pairs.map((_, i) => sql.raw(`t${i}.score`)),
      sql` + `,
    );
    return this.#page({
      ...statement,
      counts: countsOf(pairs.flatMap(sourcesOf)),
      hits: sql`SELECT gif_id, ${sum} AS score FROM ${joined}`,
      total: sql`(SELECT count(*) FROM hits)`,
    });
  }

  /**
   * The page of `hits` (gif_id, score) as GIFs with their renditions and uploaders, best first,
   * in one value (see listedGifs), and `total` (which may use `counts` or `hits`). The total
   * comes back even for a page past the end, so the caller knows whether the search matched
   * anything without asking again. Undefined when a source in `leftOut` has postings: they are
   * then known, and read from then on.
   */
  async #page(statement: {
    counts: RawBuilder<unknown>;
    hits: RawBuilder<unknown>;
    total: RawBuilder<unknown>;
    page: PageRequest;
    /** How many hits come before the page (its offset, unless continued from the page before). */
    skip: number;
    /** The key of a search whose page end is kept (see PageContinuations). */
    search: string | undefined;
    leftOut: Source[];
    channel?: RawBuilder<string | null> | undefined;
  }): Promise<RankedPage | undefined> {
    const { counts, hits, total, page, search, leftOut } = statement;
    // gif_id sorts bytewise in the index ("C"); the join to gifs compares in gifs.id's collation
    // so it can use gifs' primary key. Prepared: planning it costs about as much as running it.
    // The page's length is written into the statement, not a parameter: PostgreSQL reuses a
    // generic plan only when its estimate is near a custom plan's, and a generic plan takes a
    // LIMIT parameter as a tenth of the rows, so at a million GIFs it expected 77 GIFs a page to
    // join instead of 25 and planned every search anew (1.5-2.9 ms each, against 0.3-0.9 ms
    // for the generic plan). A few lengths (1 to 50) are a few prepared statements.
    const pageLength = sql.raw(String(Math.trunc(page.limit)));
    const { rows: answers } = await sql<{
      page_total: string;
      left_out: string;
      page_end: string | null;
      named_channel: string | null;
      gifs: string | null;
    }>`${sql.raw(PREPARED)}
      WITH counts AS MATERIALIZED (${counts}),
        hits AS (${hits}),
        page AS (SELECT gif_id, score FROM hits ORDER BY score DESC, gif_id
          LIMIT ${pageLength} OFFSET ${statement.skip})
      SELECT ${total} AS page_total,
        ${leftOut.length > 0 ? countedIn(leftOut) : sql`0`} AS left_out,
        ${search ? sql`(SELECT score::text || ' ' || gif_id FROM page ORDER BY score, gif_id DESC LIMIT 1)` : sql`NULL`} AS page_end,
        ${statement.channel ?? sql`NULL`} AS named_channel,
        (SELECT ${listedGifs(sql`page.score DESC, page.gif_id`)}
          FROM page JOIN gifs ON gifs.id = page.gif_id COLLATE "default") AS gifs`.execute(
      this.#db,
    );
    const [answer] = answers;
    // The page's text (18 kB at 25 GIFs) is let go by the driver's row at once. V8 allocates
    // the driver's row objects in the old generation once enough of them have outlived a young
    // collection (allocation-site pretenuring), and a young value an old object points to
    // outlives every young collection until the next full one, dead or not: every page's text
    // was copied twice and promoted, a third of what the collector kept (see
    // docs/decisions.md, "Garbage collection").
    const listed = answer!.gifs;
    answer!.gifs = null;
    if (Number(answer!.left_out) > 0) {
      for (const source of leftOut) this.#writtenElsewhere.set(elsewhereKey(source), true);
      return undefined;
    }
    if (answer!.named_channel) return { rows: [], total: 0, namesChannel: true };
    const rows = fromListedGifs(listed);
    if (search && answer!.page_end && rows.length === page.limit) {
      const [score, gifId] = answer!.page_end.split(' ') as [string, string];
      this.#continuations.keep(search, page.offset + page.limit, { score, gifId });
    }
    return {
      rows,
      total: Number(answer!.page_total),
      totalAlways: true,
      namesChannel: false,
    };
  }
}

/** What RankedSearchRepository.search is asked. */
interface RankedSearch {
  query: RankedQuery;
  match: 'all' | 'any';
  filter: ListFilter;
  page: PageRequest;
  channel?: RawBuilder<string | null> | undefined;
}

/** What a ranked search's pages have in common: its words, how they match, and the filter. */
function searchKey(options: RankedSearch, maxRank: number): string {
  const { query, match, filter } = options;
  return JSON.stringify([
    query.config,
    query.words.map((word) => word.stem),
    query.writtenOnly ?? false,
    match,
    filter.type,
    maxRank,
  ]);
}
