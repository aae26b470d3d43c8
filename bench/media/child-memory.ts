import { readdir, readFile } from 'node:fs/promises';

/**
 * Samples the peak resident memory (VmHWM) of this process's direct children (the ffmpeg
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
 * The children are found from each of this process's threads' `children` list rather than by
 * reading every `/proc/<pid>/status` on the machine: with ~115 processes that sweep cost about
 * half a core every 20 ms, which ran on the same two cores as the renders being timed.
 */
async function childrenPeakKb(): Promise<number> {
  let tasks: string[];
  try {
    tasks = await readdir('/proc/self/task');
  } catch {
    return 0;
  }
  const pids = new Set<string>();
  for (const tid of tasks) {
    const list = await readFile(`/proc/self/task/${tid}/children`, 'utf8').catch(() => '');
    for (const pid of list.split(' ')) if (/^\d+$/.test(pid)) pids.add(pid);
  }
  let peak = 0;
  for (const pid of pids) {
    try {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      peak = Math.max(peak, Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0));
    } catch {
      // The process ended between listing and reading.
    }
  }
  return peak;
}
