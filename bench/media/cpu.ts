import { treeCpuMs } from '../support/process-tree.ts';

/**
 * CPU ms used so far by this process (every thread: sharp's, the classifier's) and by the
 * programs it ran (ffmpeg, started by the media package's launcher process, the launcher
 * included), from /proc (Linux; 0 elsewhere). Unlike wall time it barely moves with the
 * machine's load.
 */
export async function cpuNow(): Promise<{ self: number; children: number }> {
  const { self, descendants } = treeCpuMs();
  return Promise.resolve({ self, children: descendants });
}

/** CPU ms (this process and the programs it ran) that `task` used. */
export async function cpuOf(task: () => Promise<unknown>): Promise<number> {
  const before = await cpuNow();
  await task();
  const after = await cpuNow();
  return after.self - before.self + (after.children - before.children);
}
