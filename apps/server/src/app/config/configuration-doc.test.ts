import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { envSchema } from './env.ts';

// docs/configuration.md's table is what an operator reads to set Jiffy up: it must name
// every variable Jiffy reads, and nothing it does not.
const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/**
 * Variables read outside the configuration schema: the media package's (it has no config of
 * its own) and the process's (PATH, libuv's pool size, glibc's tunables passed on to ffmpeg).
 * Production code reads no test runner's variable: test helpers live outside src.
 */
const MEDIA_VARIABLES = ['FFMPEG_PATH', 'FFPROBE_PATH', 'JIFFY_MEDIA_SPLIT'];
const NOT_JIFFYS = ['PATH', 'UV_THREADPOOL_SIZE', 'GLIBC_TUNABLES'];

/** Every `process.env.NAME` or `process.env['NAME']` in the non-test sources under `dir`. */
function variablesReadIn(dir: string): Set<string> {
  const names = new Set<string>();
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name))
      continue;
    const text = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const match of text.matchAll(
      /process\.env(?:\.([A-Z][A-Z0-9_]*)|\['([A-Z][A-Z0-9_]*)'\])/g,
    ))
      names.add(match[1] ?? match[2]!);
  }
  return names;
}

/** The names in the first column of the configuration table in docs/configuration.md (`PORT` / `HOST`: two). */
function readmeVariables(): string[] {
  const readme = fs.readFileSync(path.join(REPOSITORY, 'docs', 'configuration.md'), 'utf8');
  const table = readme.slice(readme.indexOf('| Variable'));
  const rows = table.slice(0, table.search(/\n(?!\|)/)).split('\n');
  return rows.flatMap((row) =>
    [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!),
  );
}

describe('the configuration table in docs/configuration.md', () => {
  it('lists every variable Jiffy reads, once, and no other', () => {
    const read = new Set([...Object.keys(envSchema.shape), ...MEDIA_VARIABLES]);
    for (const dir of ['apps/server/src', 'packages/media/src'])
      for (const name of variablesReadIn(path.join(REPOSITORY, dir)))
        if (!NOT_JIFFYS.includes(name)) read.add(name);
    const listed = readmeVariables();
    expect(listed.length).toBeGreaterThan(40);
    expect([...listed].sort()).toEqual([...read].sort());
  });
});
