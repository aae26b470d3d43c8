import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The embedded database must be opened by one process at a time (two would corrupt it). A pid
 * file in its folder enforces that; a file left by a process that no longer runs is taken over.
 * Resolves to a function that releases the lock.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dir, 'jiffy.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await fs.writeFile(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rm(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(await fs.readFile(lockPath, 'utf8').catch(() => ''));
      if (owner && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `the embedded database in ${dir} is in use by process ${owner}; stop it first ` +
            '(or set DATABASE_URL to share a PostgreSQL server between processes)',
        );
      }
      await fs.rm(lockPath, { force: true });
    }
  }
  throw new Error(`could not lock ${dir}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
