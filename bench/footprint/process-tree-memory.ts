import fs from 'node:fs';
import { processTree } from '../support/process-tree.ts';

/** Resident memory of one process, in bytes: all its pages, and its proportional share. */
export interface ProcessMemory {
  pid: number;
  name: string;
  rss: number;
  /** Pages shared with other processes count a share each (a library ffmpeg and node both map). */
  pss: number;
}

/** One process's resident memory, or undefined if it has ended. */
export function processMemory(pid: number): ProcessMemory | undefined {
  try {
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kilobytes = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0) * 1024;
    const name = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    return { pid, name, rss: kilobytes('Rss'), pss: kilobytes('Pss') };
  } catch {
    return undefined;
  }
}

/** The whole tree's memory at one moment: the root process and its children, apart. */
export interface TreeSample {
  at: number;
  rss: number;
  pss: number;
  rootRss: number;
  /**
   * The root process's high-water mark (VmHWM) so far: a spike between two samples shows here.
   */
  rootHwm: number;
  /** ffmpeg/ffprobe and any other child, together. */
  childrenRss: number;
  children: number;
}

export function sampleTree(root: number): TreeSample {
  const processes = processTree(root)
    .map(processMemory)
    .filter((memory) => memory !== undefined);
  const rootMemory = processes.find((memory) => memory.pid === root);
  const children = processes.filter((memory) => memory.pid !== root);
  const sum = (list: ProcessMemory[], key: 'rss' | 'pss') =>
    list.reduce((total, memory) => total + memory[key], 0);
  return {
    at: Date.now(),
    rss: sum(processes, 'rss'),
    pss: sum(processes, 'pss'),
    rootRss: rootMemory?.rss ?? 0,
    rootHwm: highWaterMark(root),
    childrenRss: sum(children, 'rss'),
    children: children.length,
  };
}

/** A process's resident high-water mark (VmHWM) in bytes, or 0 if it has ended. */
export function highWaterMark(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}
