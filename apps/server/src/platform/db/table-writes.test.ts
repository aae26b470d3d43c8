import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from './schema.ts';
import { TableWrites } from './table-writes.ts';

// Kysely over a driver that answers every statement with no rows: what is seen here is what
// the plugin is handed, the statements Jiffy's services send.
function watchedDatabase() {
  const writes = new TableWrites();
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  }).withPlugin(writes);
  const heard: string[] = [];
  writes.watch(['users', 'sessions'], () => heard.push('users or sessions'));
  return { db, writes, heard };
}

describe('TableWrites', () => {
  it('tells a watcher of each insert, update and delete on its tables, as sent and as answered', async () => {
    const { db, heard } = watchedDatabase();
    await db.updateTable('users').set({ role: 'moderator' }).where('id', '=', 'u1').execute();
    expect(heard).toHaveLength(2);
    await db.deleteFrom('sessions').where('token_hash', '=', 'h').execute();
    await db
      .insertInto('sessions')
      .values({ token_hash: 'h', user_id: 'u1', expires_at: new Date() })
      .execute();
    // An aliased table and a write inside a transaction are writes all the same.
    await db.updateTable('users as u').set({ role: 'user' }).execute();
    await db.transaction().execute((trx) => trx.deleteFrom('users').execute());
    expect(heard).toHaveLength(10);
  });

  it('stays quiet for reads, for other tables, and once the watch is stopped', async () => {
    const { db, writes, heard } = watchedDatabase();
    await db.selectFrom('users').selectAll().execute();
    await db.updateTable('gifs').set({ title: 'x' }).execute();
    await sql`SELECT 1`.execute(db);
    expect(heard).toEqual([]);

    const gifWrites: string[] = [];
    const stop = writes.watch(['gifs'], () => gifWrites.push('gifs'));
    await db.deleteFrom('gifs').execute();
    stop();
    await db.deleteFrom('gifs').execute();
    expect(gifWrites).toHaveLength(2);
    expect(heard).toEqual([]);
  });
});
