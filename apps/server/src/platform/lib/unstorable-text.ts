/**
 * Text PostgreSQL cannot store: U+0000 (text and jsonb refuse it) and a lone UTF-16 surrogate
 * (jsonb refuses it; text would keep a U+FFFD in its place). A statement carrying either fails
 * as a whole, or stores something other than what was sent. Input from outside is checked for
 * both before anything is stored or counted, so such input is a 400 that changes nothing rather
 * than a 500, a batch that can never be written, or a silently altered value.
 */

export const NUL_MESSAGE = 'NUL characters (U+0000, %00) are not accepted';
export const LONE_SURROGATE_MESSAGE =
  'unpaired UTF-16 surrogates (\\ud800–\\udfff without their pair) are not accepted';

/** Why `text` cannot be stored, or null when it can. */
function problemOf(text: string): string | null {
  if (text.includes('\0')) return NUL_MESSAGE;
  if (!text.isWellFormed()) return LONE_SURROGATE_MESSAGE;
  return null;
}

/**
 * The first string in `value` (object keys included) that cannot be stored: where it is, as a
 * dotted path ('' for `value` itself), and why; null when there is none. Iterative: a body of a
 * million nested arrays is checked without running out of stack.
 */
export function findUnstorable(value: unknown): { at: string; problem: string } | null {
  const pending: [value: unknown, path: string][] = [[value, '']];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (typeof item === 'string') {
      const problem = problemOf(item);
      if (problem) return { at: path, problem };
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    for (const [key, child] of Object.entries(item)) {
      const childPath = path ? `${path}.${key}` : key;
      const problem = problemOf(key);
      if (problem) return { at: path, problem };
      pending.push([child, childPath]);
    }
  }
  return null;
}
