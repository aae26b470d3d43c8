import { usesGlibc } from '../platform/memory/glibc-heap.ts';

/** V8's young generation, in MB per semi-space, unless NODE_OPTIONS or the command line sets it. */
export const SEMI_SPACE_MB = 8;

/**
 * Two settings that only take effect when a process starts, for a machine of 1 GB:
 *
 * - glibc's malloc gives threads that allocate at once arenas of their own (up to eight per
 *   core) and keeps what is freed in each for later. libvips' threads and the content-safety
 *   thread left some 260 MB resident that way once the demo had rendered (bench/footprint).
 *   MALLOC_ARENA_MAX=2, as sharp's documentation advises, keeps it to what is in use.
 *   glibc's mmap and trim thresholds are left to glibc: held at 128 KB (so that freed pixel
 *   buffers go back at once) they took idle some 90 MB lower, but rendering took 12–24% more
 *   CPU, and 10–17% at 1 MB: every mid-sized buffer a fresh mapping to fault in
 *   (bench/footprint). The server gives that memory back once it is quiet instead
 *   (IdleHeapTrimmer); an operator who wants it back while busy too sets MALLOC_MMAP_THRESHOLD_.
 * - V8 lets its young generation grow to 64 MB a semi-space while media renders (3 of them
 *   resident); 8 MB held the demo's peak some 50 MB lower with no slower rendering.
 *
 * So the server starts itself again in the same process (same pid, arguments and environment)
 * with what is missing; whatever the operator set is left as it is.
 */
export function restartWithMemorySettings(): void {
  // Windows cannot replace a process, nor Node before 23.11.
  if (process.platform === 'win32' || typeof process.execve !== 'function') return;
  const nodeOptions = process.env.NODE_OPTIONS ?? '';
  const semiSpaceSet = [...process.execArgv, ...nodeOptions.split(/\s+/)].some((option) =>
    option.startsWith('--max-semi-space-size'),
  );
  // musl (Alpine) and macOS have no arenas to limit.
  const arenasSet = process.env.MALLOC_ARENA_MAX !== undefined || !usesGlibc();
  if (semiSpaceSet && arenasSet) return;
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  process.execve(
    process.execPath,
    [
      process.execPath,
      ...(semiSpaceSet ? [] : [`--max-semi-space-size=${SEMI_SPACE_MB}`]),
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    arenasSet ? env : { ...env, MALLOC_ARENA_MAX: '2' },
  );
}
