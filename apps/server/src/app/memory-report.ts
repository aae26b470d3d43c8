import fs from 'node:fs';
import v8 from 'node:v8';
import sharp from 'sharp';
import type { CacheRegistry } from '../platform/cache/cache-registry.ts';
import type { DatabaseHandle } from '../platform/db/database.ts';

/** One line of the memory report: where the process's memory is, at one moment. */
export interface MemorySnapshot {
  /** Milliseconds since the epoch. */
  at: number;
  rss: number;
  /** The main thread's JavaScript heap: used, and reserved from the system. */
  heapUsed: number;
  heapTotal: number;
  /** Memory of C++ objects bound to JavaScript (Buffers among them), outside the heap. */
  external: number;
  arrayBuffers: number;
  /** What V8 has reserved for every heap space, including code and large objects. */
  v8Physical: number;
  /** The same by heap space (new, old, code, large objects, ...). */
  v8Spaces: Record<string, number>;
  /** The embedded database's wasm memory (0 on a PostgreSQL server), part of `external`. */
  embeddedDb: number;
  /**
   * libvips' tracked memory as sharp reports it: its pixel buffers and operation cache, now and
   * at the high-water mark (bytes), with the operations and files its cache holds.
   */
  vips: { memory: number; highMemory: number; cachedOperations: number; cachedFiles: number };
  /** Kept answers: each named cache's entries and, where bounded by bytes, their weight. */
  caches: { name: string; entries: number; bytes?: number | undefined }[];
}

/** Reads the figures now. */
export function takeMemorySnapshot(
  database: DatabaseHandle,
  caches: CacheRegistry,
): MemorySnapshot {
  const usage = process.memoryUsage();
  const cache = sharp.cache();
  return {
    at: Date.now(),
    rss: usage.rss,
    heapUsed: usage.heapUsed,
    heapTotal: usage.heapTotal,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    v8Physical: v8.getHeapStatistics().total_physical_size,
    v8Spaces: Object.fromEntries(
      v8.getHeapSpaceStatistics().map((space) => [space.space_name, space.physical_space_size]),
    ),
    embeddedDb: database.engineMemoryBytes?.() ?? 0,
    // sharp.cache() with no argument reads the figures without changing the limits.
    vips: {
      memory: cache.memory.current * 1024 * 1024,
      highMemory: cache.memory.high * 1024 * 1024,
      cachedOperations: cache.items.current,
      cachedFiles: cache.files.current,
    },
    caches: caches.stats().map(({ name, entries, bytes }) => ({ name, entries, bytes })),
  };
}

/**
 * Appends a snapshot to `file` (one JSON object a line) every `intervalMs`, for the footprint
 * benchmark, which reads it to say what each part of the resident memory is. Off unless
 * MEMORY_REPORT_FILE is set. Returns the function that stops it.
 */
export function startMemoryReport(options: {
  file: string;
  intervalMs: number;
  database: DatabaseHandle;
  caches: CacheRegistry;
}): () => void {
  const write = () =>
    fs.appendFileSync(
      options.file,
      `${JSON.stringify(takeMemorySnapshot(options.database, options.caches))}\n`,
    );
  write();
  const timer = setInterval(write, options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
