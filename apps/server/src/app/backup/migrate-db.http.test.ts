import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/db/database.ts';
import { randomBase62 } from '../../platform/lib/ids.ts';
import {
  seedContent,
  tableCounts,
  userView,
  type SeededContent,
} from '../../../testing/instance-content.ts';
import { runCli } from '../../../testing/run-cli.ts';
import { s3DirOf, startTestS3 } from '../../../testing/test-s3.ts';
import { startTestJiffy } from '../../../testing/test-jiffy.ts';

const DATABASE_URL = process.env.DATABASE_URL;

describe('one-off commands on a running embedded instance', () => {
  it('refuses to read the data folder while a Jiffy holds it', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-held-'));
    const t = await startTestJiffy({}, { dataDir, embedded: true, storage: 'local' });
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
      const held = await runCli('backup', [`--out=${path.join(dataDir, 'archive')}`], env);
      expect(held.code).toBe(1);
      expect(held.stderr).toMatch(
        /^backup: refused \(database-in-use\): the embedded database in .* is in use by process \d+/,
      );
      const moving = await runCli(
        'migrate-db',
        ['--to', 'postgres://nobody@127.0.0.1:1/none'],
        env,
      );
      expect(moving.code).toBe(1);
      expect(moving.stderr).toMatch(/refused \(database-in-use\)/);
      expect(await fs.stat(path.join(dataDir, 'archive')).catch(() => null)).toBeNull();
    } finally {
      await t.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.runIf(DATABASE_URL)('migrate-db: an embedded instance to a PostgreSQL server', () => {
  let work: string;
  let sourceDir: string;
  let content: SeededContent;
  let view: unknown;
  let counts: Record<string, number>;
  const schema = `t_${randomBase62(10).toLowerCase()}`;

  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-migrate-'));
    sourceDir = path.join(work, 'source');
    const t = await startTestJiffy(
      {},
      { dataDir: sourceDir, keepOnStop: true, embedded: true, storage: 'local' },
    );
    try {
      content = await seedContent(t, work);
      view = await userView(t, content);
      counts = await tableCounts(t);
    } finally {
      await t.stop();
    }
  }, 240_000);
  afterAll(async () => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
    } finally {
      await client.end();
    }
    await fs.rm(work, { recursive: true, force: true });
  });

  it('moves the data to the server and the media to S3; Jiffy there shows the same', async () => {
    const targetDir = path.join(work, 'target');
    const s3 = await startTestS3(s3DirOf(targetDir));
    const env = { DATA_DIR: sourceDir, DATABASE_URL: '', ...s3.env } as Record<string, string>;
    const args = ['--to', DATABASE_URL!, `--schema=${schema}`, '--media-to-s3'];
    let moved;
    try {
      const started = performance.now();
      moved = await runCli('migrate-db', args, env);
      console.log(
        `migrate-db: ${Math.round(performance.now() - started)} ms (with the process start)`,
      );
      expect(moved.stderr).toBe('');
      expect(moved.code).toBe(0);
      expect(moved.stdout).toMatch(
        /^Copied \d+ rows and \d+ pending jobs and \d+ media files to s3:\/\//,
      );
      // Once there, a second run is refused and changes nothing.
      const again = await runCli('migrate-db', args, env);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/^migrate-db: refused \(target-not-empty\)/);
    } finally {
      await s3.stop();
    }

    const target = await openDatabase({ url: DATABASE_URL, schema });
    try {
      expect(await tableCounts(target)).toEqual(counts);
    } finally {
      await target.close();
    }

    // The same bucket folder (its objects kept on disk), on a server Jiffy.
    const t = await startTestJiffy(
      { DATABASE_SCHEMA: schema },
      { dataDir: targetDir, keepOnStop: true, storage: 's3' },
    );
    try {
      expect(await userView(t, content)).toEqual(view);
    } finally {
      await t.stop();
    }
  }, 120_000);
});
