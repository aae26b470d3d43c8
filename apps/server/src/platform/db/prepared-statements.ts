import { createHash } from 'node:crypto';
import type pg from 'pg';
import { NamedCache } from '../cache/named-cache.ts';

/**
 * Marks a statement to be prepared once per connection: SQL that starts with this comment is
 * sent as a named statement, so PostgreSQL parses it once and, after a few calls, reuses a
 * generic plan instead of planning it on every call. For hot statements whose planning costs
 * as much as running them (the ranked search). Other SQL is sent as before.
 */
export const PREPARED = '/* prepared */ ';

/** Makes `client` send SQL marked PREPARED as named statements (a pool's 'connect' hook). */
export function prepareMarkedStatements(client: pg.ClientBase): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  // Kysely calls query(text, values); that form is the one to catch, the rest pass through.
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && text.startsWith(PREPARED)) {
      return query({ name: statementName(text), text, values });
    }
    return query(...args);
  }) as typeof client.query;
}

// A name per distinct text: the same name with other text would be refused by the connection.
// Marked statements come in a few shapes, so their names are kept rather than hashed each call:
// by the process (the hook knows no Jiffy; every Jiffy names a text alike), not in a registry.
const names = new NamedCache<string>({ name: 'prepared_statement_names', max: 1000 });
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `jiffy_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}
