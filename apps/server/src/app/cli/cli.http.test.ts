import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorSocketPath } from '../operator/operator-protocol.ts';
import { runCli } from '../../../testing/run-cli.ts';
import { signedInUsers } from '../../../testing/signed-in-users.ts';
import { startTestJiffy, type TestJiffy } from '../../../testing/test-jiffy.ts';
import { parseRole } from './args.ts';
import { tagsFromFileName, titleFromFileName } from './file-name-tags.ts';

describe('import file names', () => {
  it('makes tags and a title from the words of a file name', () => {
    expect(tagsFromFileName('happy-dance_Cat 2.gif')).toEqual(['happy', 'dance', 'cat']);
    expect(titleFromFileName('happy-dance_Cat 2.gif')).toBe('Happy Dance Cat');
    expect(tagsFromFileName('día-de-fiesta.webp')).toEqual(['día', 'de', 'fiesta']);
    expect(tagsFromFileName('1234.mp4')).toEqual([]);
  });
});

describe('--role', () => {
  it('accepts all, api and worker, defaulting to all', () => {
    expect(parseRole([])).toBe('all');
    expect(parseRole(['--role=worker'])).toBe('worker');
    expect(parseRole(['--role=api'])).toBe('api');
    expect(() => parseRole(['--role=admin'])).toThrow(/unknown role/);
  });
});

describe('npm run admin while the server runs on the embedded database', () => {
  let t: TestJiffy;
  let dataDir: string;
  const admin = (...args: string[]) =>
    runCli('admin', args, { DATA_DIR: dataDir, DATABASE_URL: '', DATABASE_SCHEMA: '' });
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'jiffy-cli-'));
    t = await startTestJiffy({}, { dataDir, embedded: true });
    await t.jiffy.listen();
  });
  afterAll(async () => {
    await t.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists every command with --help', async () => {
    const help = await admin('--help');
    expect(help.code).toBe(0);
    for (const command of ['create <username>', 'role <username> moderator|admin|user', '--help'])
      expect(help.stdout).toContain(command);
    const wrong = await admin('role', 'alice', 'owner');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^role: /);
  });

  it('makes alice a moderator through the running server, who can then moderate', async () => {
    const socket = await stat(operatorSocketPath(dataDir));
    expect(socket.mode & 0o777).toBe(0o600);
    const { alice } = await signedInUsers(t, [['alice', 'user']]);
    expect((await alice!.get('/api/v3/moderation/queue')).statusCode).toBe(403);
    const made = await admin('role', 'alice', 'moderator');
    expect(made, made.stderr).toMatchObject({ code: 0 });
    expect(made.stdout).toBe('alice is now a moderator (was a user).\n');
    expect((await alice!.get('/api/v3/moderation/queue')).statusCode).toBe(200);
    const [entry] = await t.jiffy.services.moderation
      .auditLogPage({ id: 'root', role: 'admin' }, { cursor: null, limit: 1 })
      .then((page) => page.entries);
    expect(entry).toMatchObject({
      action: 'user.set_role',
      actor_user_id: null,
      actor_note: 'operator: npm run admin',
      subject_username: 'alice',
      before: { role: 'user' },
      after: { role: 'moderator' },
    });
    const unknown = await admin('role', 'nobody', 'admin');
    expect([unknown.code, unknown.stderr]).toEqual([1, 'No user has that name.\n']);
  });

  it('creates an admin, and never demotes the last one', async () => {
    const created = await admin('create', 'boss', '--email=boss@example.com');
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toMatch(/^Created admin boss\. Password \(shown once/);
    const refused = await admin('role', 'boss', 'user');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/boss is the only admin/);
    expect((await t.jiffy.services.users.findByUsername('boss'))!.role).toBe('admin');
  });
});

// On a PostgreSQL server every process may open the database: the CLI acts on it directly.
describe.runIf(process.env.DATABASE_URL)('npm run admin beside a server on PostgreSQL', () => {
  it('makes alice a moderator on the shared database', async () => {
    const t = await startTestJiffy();
    try {
      const { alice } = await signedInUsers(t, [['alice', 'user']]);
      const made = await runCli('admin', ['role', 'alice', 'moderator'], {
        DATA_DIR: t.dataDir,
        DATABASE_URL: t.jiffy.config.DATABASE_URL!,
        DATABASE_SCHEMA: t.jiffy.config.DATABASE_SCHEMA!,
      });
      expect(made.stdout, made.stderr).toBe('alice is now a moderator (was a user).\n');
      expect((await alice!.get('/api/v3/moderation/queue')).statusCode).toBe(200);
    } finally {
      await t.stop();
    }
  });
});
