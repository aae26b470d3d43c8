import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../apps/server/src/modules/accounts/password-hash.ts';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import { nodeChildEnv } from './support/server-process.ts';
import { migratedEmbeddedDatabase, serverDatabaseEnv } from './support/test-database.ts';

const run = promisify(execFile);
const ADMIN = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/server/src/app/cli/admin.ts',
);

// `npm run admin -- create <user>`: the first admin of an instance.
describe('admin CLI', () => {
  let dataDir: string;
  const database = serverDatabaseEnv();
  const env = () => ({
    ...process.env,
    ...nodeChildEnv,
    ...database.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  });
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-admin-'));
    await migratedEmbeddedDatabase(dataDir);
  });
  afterAll(async () => {
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('creates an admin with a printed password, then promotes an existing user', async () => {
    const created = await run(
      process.execPath,
      [ADMIN, 'create', 'boss', '--email=boss@example.com'],
      { env: env() },
    );
    const password = /Password .*: (\S+)$/m.exec(created.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    const again = await run(process.execPath, [ADMIN, 'create', 'BOSS'], { env: env() });
    expect(again.stdout).toContain('boss is already an admin.');
    // An existing account that is not staff is promoted, not created again.
    await run(process.execPath, [ADMIN, 'create', 'alice'], { env: env() });
    const demoted = await run(process.execPath, [ADMIN, 'role', 'alice', 'user'], { env: env() });
    expect(demoted.stdout).toContain('alice is now a user (was an admin).');
    const promoted = await run(process.execPath, [ADMIN, 'create', 'Alice'], { env: env() });
    expect(promoted.stdout).toContain('alice is now an admin.');

    const handle = await openDatabase({
      url: database.env.DATABASE_URL,
      dataDir: path.join(dataDir, 'db'),
      schema: database.env.DATABASE_SCHEMA,
    });
    try {
      const user = await handle.db
        .selectFrom('users')
        .selectAll()
        .where('username', '=', 'boss')
        .executeTakeFirstOrThrow();
      expect(user).toMatchObject({ role: 'admin', email: 'boss@example.com' });
      expect(await verifyPassword(password!, user.password_hash!)).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it('refuses a bad command line', async () => {
    await expect(
      run(process.execPath, [ADMIN, 'create', 'bad name!'], { env: env() }),
    ).rejects.toMatchObject({ code: 2 });
    await expect(
      run(process.execPath, [ADMIN, 'delete', 'boss'], { env: env() }),
    ).rejects.toMatchObject({ code: 2 });
  });
});
