import { readFile } from 'node:fs/promises';
import { processTree } from '../support/process-tree.ts';

/**
 * Samples the peak resident memory (VmHWM) of the programs this process runs (the ffmpeg
 * runs) from /proc while a task runs. Linux only; elsewhere it reports 0.
 */
export async function withChildPeak<T>(
  task: () => Promise<T>,
): Promise<{ value: T; peakKb: number }> {
  let peakKb = 0;
  let sampling = true;
  const sample = async (): Promise<void> => {
    while (sampling) {
      peakKb = Math.max(peakKb, await childrenPeakKb());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const sampler = sample();
  try {
    return { value: await task(), peakKb };
  } finally {
    sampling = false;
    await sampler;
  }
}

/**
 * The programs are found from this process's tree (its threads' and its launcher's `children`
 * lists) rather than by reading every `/proc/<pid>/status` on the machine: with ~115 processes
 * that sweep cost about half a core every 20 ms, which ran on the same two cores as the renders
 * being timed. The launcher itself, a small Node process, is not one of the programs.
 */
async function childrenPeakKb(): Promise<number> {
  let peak = 0;
  for (const pid of processTree(process.pid)) {
    if (pid === process.pid) continue;
    try {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      if (/^Name:\s+node$/m.test(status)) continue;
      peak = Math.max(peak, Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0));
    } catch {
      // The process ended between listing and reading.
    }
  }
  return peak;
}
