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

async function childrenPeakKb(): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return 0;
  }
  let peak = 0;
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const parent = /^PPid:\s+(\d+)/m.exec(status)?.[1];
      if (Number(parent) !== process.pid) continue;
      peak = Math.max(peak, Number(/^VmHWM:\s+(\d+)/m.exec(status)?.[1] ?? 0));
    } catch {
      // The process ended between listing and reading.
    }
  }
  return peak;
}
