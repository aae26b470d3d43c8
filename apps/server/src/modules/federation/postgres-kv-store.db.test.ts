import { Temporal } from '@js-temporal/polyfill';
import type { KvStoreSetOptions } from '@fedify/fedify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../platform/db/database.ts';
import { migrateToLatest } from '../../platform/db/migrate.ts';
import { randomBase62 } from '../../platform/lib/ids.ts';
import { PostgresKvStore } from './postgres-kv-store.ts';

const url = process.env.DATABASE_URL;

/**
 * A time to live as Fedify passes one: a Temporal duration from the polyfill Fedify itself
 * runs on (Node has no Temporal yet), whose declared type differs in small ways from
 * TypeScript's own.
 */
const ttl = (milliseconds: number) =>
  Temporal.Duration.from({ milliseconds }) as unknown as NonNullable<KvStoreSetOptions['ttl']>;

// Fedify's key-value store in the database: what it reads back, what expires, what a prefix
// lists (Fedify lists by prefix to find its own entries).
describe('PostgresKvStore', () => {
  let handle: DatabaseHandle;
  let kv: PostgresKvStore;
  const schema = `t_kv_${randomBase62(8).toLowerCase()}`;

  beforeAll(async () => {
    handle = await openDatabase({ url, schema: url ? schema : undefined });
    await migrateToLatest(handle);
    kv = new PostgresKvStore(handle.db);
  });
  afterAll(async () => {
    if (url) await sql.raw(`DROP SCHEMA ${schema} CASCADE`).execute(handle.db);
    await handle.close();
  });

  it('keeps JSON values by key, replaces and deletes them', async () => {
    expect(await kv.get(['a', 'b'])).toBeUndefined();
    await kv.set(['a', 'b'], { n: 1, list: ['x'] });
    expect(await kv.get(['a', 'b'])).toEqual({ n: 1, list: ['x'] });
    await kv.set(['a', 'b'], 'second');
    expect(await kv.get(['a', 'b'])).toBe('second');
    await kv.delete(['a', 'b']);
    expect(await kv.get(['a', 'b'])).toBeUndefined();
  });

  it('forgets an entry once its time to live has passed', async () => {
    await kv.set(['ttl'], 1, { ttl: ttl(1) });
    await kv.set(['kept'], 2, { ttl: ttl(3_600_000) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await kv.get(['ttl'])).toBeUndefined();
    expect(await kv.get(['kept'])).toBe(2);
    await kv.deleteExpired();
    const rows = await handle.db.selectFrom('federation_kv').select('key').execute();
    expect(rows.map((r) => r.key)).not.toContain('["ttl"]');
  });

  it('lists the entries under a prefix, and only those', async () => {
    await kv.set(['p', 'one'], 1);
    await kv.set(['p', 'two', 'deep'], 2);
    await kv.set(['p'], 0);
    await kv.set(['p_', 'other'], 3);
    await kv.set(['q', 'one'], 4);
    const listed = [];
    for await (const entry of kv.list(['p'])) listed.push(entry);
    listed.sort((a, b) => a.key.length - b.key.length);
    expect(listed).toEqual([
      { key: ['p'], value: 0 },
      { key: ['p', 'one'], value: 1 },
      { key: ['p', 'two', 'deep'], value: 2 },
    ]);
  });
});
