import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBase62 } from '../lib/ids.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { migrateToLatest, migrationsDone } from './migrate.ts';

const url = process.env.DATABASE_URL;
const schema = url ? `t_${randomBase62(10).toLowerCase()}` : undefined;

describe(`database on ${url ? 'PostgreSQL server' : 'embedded PGlite'}`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ url, schema });
    await migrateToLatest(handle);
  });
  afterAll(async () => {
    if (schema) await sql.raw(`DROP SCHEMA ${schema} CASCADE`).execute(handle.db);
    await handle.close();
  });

  it('applies every migration once, and a second run applies none', async () => {
    expect(await migrationsDone(handle)).toBe(true);
    expect(await migrateToLatest(handle)).toEqual([]);
  });

  it.runIf(url)('opens at most poolSize connections to the server', async () => {
    const small = await openDatabase({ url, schema, poolSize: 2 });
    try {
      // Six queries at once that each hold their connection a while: two connections serve all.
      const pids = await Promise.all(
        Array.from({ length: 6 }, () =>
          sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`.execute(small.db),
        ),
      );
      expect(new Set(pids.map((r) => r.rows[0]!.pid)).size).toBe(2);
    } finally {
      await small.close();
    }
  });

  it('keeps a transaction to itself while other queries run', async () => {
    const { db } = handle;
    let releaseTransaction!: () => void;
    const holding = new Promise<void>((resolve) => (releaseTransaction = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({ id: 'tx-user', username: 'tx_user', display_name: 'T' })
        .execute();
      await holding;
      throw new Error('roll back');
    });
    // A write from outside the transaction, issued while it is open, must survive its rollback.
    const outside = db
      .insertInto('users')
      .values({ id: 'out-user', username: 'out_user', display_name: 'O' })
      .execute();
    releaseTransaction();
    await expect(transaction).rejects.toThrow('roll back');
    await outside;
    const ids = (await db.selectFrom('users').select('id').execute()).map((r) => r.id);
    expect(ids).toContain('out-user');
    expect(ids).not.toContain('tx-user');
  });

  it('enforces case-insensitive unique usernames', async () => {
    const { db } = handle;
    await db
      .insertInto('users')
      .values({ id: 'u-a', username: 'Casey', display_name: 'C' })
      .execute();
    await expect(
      db.insertInto('users').values({ id: 'u-b', username: 'casey', display_name: 'C' }).execute(),
    ).rejects.toThrow();
  });

  it('reads bigint counters as numbers and timestamps as dates', async () => {
    const { db } = handle;
    await db
      .insertInto('gifs')
      .values({
        id: 'g1',
        slug: 'g1',
        title: '',
        alt_text: '',
        type: 'gif',
        rating: 'g',
        view_count: 2 ** 40,
      } as never)
      .execute();
    const row = await db
      .selectFrom('gifs')
      .select(['view_count', 'created_at'])
      .where('id', '=', 'g1')
      .executeTakeFirstOrThrow();
    expect(row.view_count).toBe(2 ** 40);
    expect(row.created_at).toBeInstanceOf(Date);
  });
});
