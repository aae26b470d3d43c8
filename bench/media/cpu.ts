import { readFile } from 'node:fs/promises';

/**
 * CPU ms used so far by this process (every thread: sharp's, the classifier's) and by its
 * finished children (ffmpeg), from /proc/self/stat's cutime and cstime (Linux; 0 elsewhere).
 * Unlike wall time it barely moves with the machine's load.
 */
export async function cpuNow(): Promise<{ self: number; children: number }> {
  const { user, system } = process.cpuUsage();
  const stat = await readFile('/proc/self/stat', 'utf8').catch(() => '');
  const fields = stat.split(') ')[1]?.split(' ') ?? [];
  // Fields 16 and 17 of the file (13 and 14 after the command name) count clock ticks (1/100 s).
  const ticks = Number(fields[13] ?? 0) + Number(fields[14] ?? 0);
  return { self: (user + system) / 1000, children: ticks * 10 };
}

/** CPU ms (this process and its children) that `task` used. */
export async function cpuOf(task: () => Promise<unknown>): Promise<number> {
  const before = await cpuNow();
  await task();
  const after = await cpuNow();
  return after.self - before.self + (after.children - before.children);
}
