/**
 * How search terms are compared for trending searches: the form a term is counted and shown in,
 * and the words a blocked-terms entry is matched against.
 */

/** A term as trending searches count and show it: NFKC, lower case, single spaces, trimmed. */
export function normaliseSearchTerm(term: string): string {
  return term.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The words of a text: runs of letters and digits (any script), lower case. Punctuation and
 * spaces only separate words, so `Bad-Word!` and `bad word` have the same words.
 */
export function searchWords(text: string): string[] {
  return normaliseSearchTerm(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * Whether `phrase` (words) stands in `words` as whole words in a row: `bad` is in `so bad` and
 * `bad-dog`, not in `badminton`; `bad dog` is in `a bad dog`, not in `bad old dog`.
 */
export function containsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0) return false;
  for (let start = 0; start + phrase.length <= words.length; start++) {
    if (phrase.every((word, i) => words[start + i] === word)) return true;
  }
  return false;
}
