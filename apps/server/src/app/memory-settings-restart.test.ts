import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
let dir: string;
let script: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'jiffy-memory-settings-'));
  script = path.join(dir, 'probe.mjs');
  const start = new URL('./start-with-memory-settings.ts', import.meta.url).href;
  await fs.writeFile(
    script,
    `await import(${JSON.stringify(start)});\n` +
      'console.log(JSON.stringify({ arenas: process.env.MALLOC_ARENA_MAX ?? null, ' +
      'argv: process.execArgv, args: process.argv.slice(2) }));\n',
  );
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function probe(env: Record<string, string>) {
  const clean = { ...process.env };
  delete clean.MALLOC_ARENA_MAX;
  delete clean.NODE_OPTIONS;
  const { stdout } = await run(process.execPath, [script, '--role=all'], {
    env: { ...clean, ...env },
  });
  return JSON.parse(stdout) as {
    arenas: string | null;
    argv: string[];
    args: string[];
  };
}

describe.skipIf(process.platform !== 'linux')('starting with memory settings', () => {
  it('restarts itself once with two malloc arenas and an 8 MB semi-space, arguments kept', async () => {
    const started = await probe({});
    expect(started.arenas).toBe('2');
    expect(started.argv).toContain('--max-semi-space-size=8');
    expect(started.args).toEqual(['--role=all']);
  });

  it("leaves the operator's own settings as they are", async () => {
    const started = await probe({
      MALLOC_ARENA_MAX: '4',
      NODE_OPTIONS: '--max-semi-space-size=16',
    });
    expect(started.arenas).toBe('4');
    expect(started.argv).not.toContain('--max-semi-space-size=8');
  });
});
