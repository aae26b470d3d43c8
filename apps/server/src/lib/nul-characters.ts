/**
 * PostgreSQL text and jsonb cannot hold U+0000: a statement carrying one fails as a whole. Input
 * from outside is checked for it before anything is stored or counted, so such input is a 400
 * that changes nothing rather than a 500, or a batch that can never be written.
 */

/**
 * Where a string holding U+0000 is in `value` (object keys included), as a dotted path
 * ('' for `value` itself), or null when there is none. Iterative: a body of a million nested
 * arrays is checked without running out of stack.
 */
export function findNul(value: unknown): string | null {
  const pending: [value: unknown, path: string][] = [[value, '']];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\0')) return path;
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    for (const [key, child] of Object.entries(item)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes('\0')) return path;
      pending.push([child, childPath]);
    }
  }
  return null;
}

export const NUL_MESSAGE = 'NUL characters (U+0000, %00) are not accepted';
