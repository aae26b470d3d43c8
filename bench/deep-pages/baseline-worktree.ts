// The code before a change, checked out beside this one so a bench can measure both in one run.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const git = (repo: string, ...args: string[]) =>
  execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' }).trim();

/**
 * Checks `ref` out in a temporary worktree of `repo` that uses this checkout's installed
 * packages, with `benchFiles` (this bench's own files, which the old code lacks) copied in at the
 * same paths. Returns its directory and what removes it again.
 */
export function checkOutBaseline(
  repo: string,
  ref: string,
  benchFiles: string[],
): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jiffy-baseline-'));
  git(repo, 'worktree', 'add', '--detach', dir, ref);
  for (const modules of ['node_modules', 'apps/server/node_modules'])
    if (fs.existsSync(path.join(repo, modules)))
      fs.symlinkSync(path.join(repo, modules), path.join(dir, modules));
  for (const file of benchFiles) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(repo, file), path.join(dir, file));
  }
  return { dir, remove: () => git(repo, 'worktree', 'remove', '--force', dir) };
}

/** The commit before the one that added `file`: the code as it was without the change. */
export function commitBefore(repo: string, file: string): string {
  const added = git(repo, 'log', '--diff-filter=A', '--format=%H', '--', file).split('\n').at(-1);
  if (!added) throw new Error(`${file} was never committed`);
  return `${added}^`;
}
