import { sql, type RawBuilder } from 'kysely';

// Where a ranked search reads its postings and counts, as SQL conditions: the sources of a
// query's terms (RankedSearchRepository.search writes one statement from them).

/** A query word as the ranked index knows it: its stem in the query's language, and as written. */
export interface QueryWord {
  stem: string;
  written: string;
}

/** A query the ranked index can answer: plain words, resolved in one text-search configuration. */
export interface RankedQuery {
  config: string;
  words: QueryWord[];
  /** Only stop words: they are looked for as written. */
  writtenOnly?: boolean;
}

/** Where a term's postings are: one lexeme of one vocabulary, maybe only other languages'. */
export interface Source {
  vocabulary: string;
  lexeme: string;
  /** Only GIFs whose own configuration is not this one. */
  notConfig?: string;
}

/**
 * A term's sources, which never share a GIF: its stem in the query's language, and its written
 * form in GIFs of other languages. A query of stop words only looks for them as written, in
 * every GIF, as full-text search does.
 */
export function termSources(term: QueryWord, query: RankedQuery): Source[] {
  if (query.writtenOnly) return [{ vocabulary: 'words', lexeme: term.written }];
  return [
    { vocabulary: query.config, lexeme: term.stem },
    { vocabulary: 'words', lexeme: term.written, notConfig: query.config },
  ];
}

/** The key of a source of other languages' postings in RankedSearchRepository's known set. */
export function elsewhereKey(source: Source): string {
  return `${source.notConfig}|${source.lexeme}`;
}

/** SQL for how many postings `sources` have, from the statement's `counts`. */
export function countedIn(sources: Source[]): RawBuilder<unknown> {
  return sql`(SELECT coalesce(sum(n), 0) FROM counts WHERE ${sql.join(sources.map(counting), sql` OR `)})`;
}

/** The condition on the `counts` rows (vocabulary, lexeme) of one source. */
export function counting(source: Source): RawBuilder<boolean> {
  return sql<boolean>`(vocabulary = ${source.vocabulary} AND lexeme = ${source.lexeme})`;
}

/** The condition on postings (or their counts) of one source. */
export function matching(source: Source): RawBuilder<boolean> {
  return sql<boolean>`(vocabulary = ${source.vocabulary} AND lexeme = ${source.lexeme}${
    source.notConfig === undefined
      ? sql``
      : // doc_config lists every configuration the GIF has stems in (migration 0022).
        sql` AND strpos(',' || doc_config || ',', ${`,${source.notConfig},`}) = 0`
  })`;
}

/**
 * Two words as one pair term: the pair postings' lexemes are the two in bytewise order (as
 * PostgreSQL's "C" collation orders them), joined by a space.
 */
export function pairOf(a: QueryWord, b: QueryWord): QueryWord {
  const pair = (x: string, y: string) =>
    Buffer.compare(Buffer.from(x), Buffer.from(y)) < 0 ? `${x} ${y}` : `${y} ${x}`;
  return { stem: pair(a.stem, b.stem), written: pair(a.written, b.written) };
}
