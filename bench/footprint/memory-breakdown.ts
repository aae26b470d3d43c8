import fs from 'node:fs';
import type { MemorySnapshot } from '../../apps/server/src/app/memory-report.ts';
import type { TreeSample } from './process-tree-memory.ts';

const MB = 1024 * 1024;
/** The heap spaces that hold most of it (the others are a few MB at most). */
const HEAP_SPACES = ['new_space', 'old_space', 'code_space', 'large_object_space'];
const mb = (bytes: number) => (bytes / MB).toFixed(0);

/** Every line the server's memory report has written so far. */
export function readMemoryReport(file: string): MemorySnapshot[] {
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as MemorySnapshot);
}

/** The report line taken nearest to `at`. */
export function snapshotNear(report: MemorySnapshot[], at: number): MemorySnapshot | undefined {
  let best: MemorySnapshot | undefined;
  for (const snapshot of report) {
    if (!best || Math.abs(snapshot.at - at) < Math.abs(best.at - at)) best = snapshot;
  }
  return best;
}

/**
 * What each part of the tree's resident memory is, in MB. The JS heap is what V8 holds resident;
 * "external" is memory bound to JS objects outside the heap, array buffers among them; the
 * embedded database is its wasm memory (which V8 counts in external: shown apart); libvips is what it tracks
 * (pixel buffers and its operation cache); "other native" is the rest of the node process
 * (code, the content-safety worker's heap and wasm, allocator slack, thread stacks).
 */
export function breakdownRows(tree: TreeSample, snapshot: MemorySnapshot | undefined): string[][] {
  const rows: string[][] = [
    ['whole tree (RSS)', mb(tree.rss)],
    ['whole tree (PSS)', mb(tree.pss)],
    ['node process (RSS)', mb(tree.rootRss)],
    ['ffmpeg and other children', mb(tree.childrenRss)],
  ];
  if (!snapshot) return rows;
  const cacheBytes = snapshot.caches.reduce((total, cache) => total + (cache.bytes ?? 0), 0);
  const cacheEntries = snapshot.caches.reduce((total, cache) => total + cache.entries, 0);
  const known = snapshot.v8Physical + snapshot.external + snapshot.vips.memory;
  rows.push(
    ['  JS heap (V8, resident)', mb(snapshot.v8Physical)],
    [`    of it used`, mb(snapshot.heapUsed)],
    ...HEAP_SPACES.map((space) => [`    ${space}`, mb(snapshot.v8Spaces[space] ?? 0)]),
    [
      '  external but the database (Buffers, bound C++ objects)',
      mb(snapshot.external - snapshot.embeddedDb),
    ],
    ['    of it array buffers', mb(snapshot.arrayBuffers)],
    ['  embedded database (PGlite wasm memory)', mb(snapshot.embeddedDb)],
    ['  libvips tracked (pixels, operation cache)', mb(snapshot.vips.memory)],
    [`    libvips high-water`, mb(snapshot.vips.highMemory)],
    ['  kept answers (bytes where counted)', mb(cacheBytes)],
    ['    entries', String(cacheEntries)],
    ['  other native (rest of the node process)', mb(Math.max(0, tree.rootRss - known))],
  );
  return rows;
}

/** Rows under a header, as a Markdown table with the figures right-aligned. */
export function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join(' | ')} |`;
  const rule = `| ${widths.map((width, column) => (column === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}
