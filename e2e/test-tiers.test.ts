import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// What a test file's text shows it needs, and the tiers that give it. A file's tier is the
// suffix of its name (see vitest.config.ts): a file that starts a Jiffy but is named as a unit
// test would run on one engine only, and hold up `npm run test:unit`.
const NEEDS: [evidence: RegExp, tiers: string[]][] = [
  [/launchChromium|support\/browser/, ['browser']],
  [/support\/server-process|startServerProcess|\bspawn\(/, ['system', 'browser']],
  [/startTestJiffy|createJiffy|listening-jiffy|hostileInputWalk/, ['http', 'system', 'browser']],
  [/openDatabase|migrateToLatest|serverDatabaseEnv/, ['db', 'http', 'system', 'browser']],
];
const THIS_FILE = path.relative(ROOT, fileURLToPath(import.meta.url));

async function testFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).some((part) => part === 'node_modules'));
}

const tierOf = (file: string) =>
  /\.(db|http|browser|system)\.test\.tsx?$/.exec(file)?.[1] ?? 'unit';

describe('test tiers', () => {
  it('names every test file that needs a database, a Jiffy, Chromium or a process for its tier', async () => {
    const files = (
      await Promise.all(['apps', 'packages', 'e2e'].map((dir) => testFiles(path.join(ROOT, dir))))
    ).flat();
    expect(files.length).toBeGreaterThan(200);
    const misnamed: string[] = [];
    for (const file of files.filter((name) => name !== THIS_FILE)) {
      const text = await fs.readFile(path.join(ROOT, file), 'utf8');
      const tier = tierOf(file);
      const unmet = NEEDS.filter(
        ([evidence, tiers]) => evidence.test(text) && !tiers.includes(tier),
      );
      if (unmet.length > 0)
        misnamed.push(
          `${file} (named ${tier}, needs ${unmet.map(([, tiers]) => tiers[0]).join(', ')})`,
        );
    }
    expect(misnamed).toEqual([]);
  });
});
