import { createRequire } from 'node:module';

let glibc: boolean | undefined;

/** True on Linux with glibc's allocator (not musl, as on Alpine, nor macOS). */
export function usesGlibc(): boolean {
  // A whole diagnostic report (a few milliseconds) for one field: read once per process.
  glibc ??=
    process.platform === 'linux' &&
    Boolean(
      (process.report.getReport() as { header: { glibcVersionRuntime?: string } }).header
        .glibcVersionRuntime,
    );
  return glibc;
}

type Trim = (pad: number) => number;

/**
 * glibc's `malloc_trim`, reached through koffi (a foreign-function library with prebuilt
 * binaries; Node has no way of its own to call into libc). Without glibc, or where koffi cannot
 * load, undefined.
 */
function loadMallocTrim(): Trim | undefined {
  if (!usesGlibc()) return undefined;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    return koffi.load('libc.so.6').func('int malloc_trim(size_t)') as Trim;
  } catch {
    // No prebuilt koffi for this machine: memory is kept as glibc keeps it.
    return undefined;
  }
}

let mallocTrim: { run: Trim | undefined } | undefined;

/**
 * Hands the C heap's free pages back to the system. glibc keeps what is freed for later
 * allocations: after libvips has rendered, a hundred-odd MB of freed pixel buffers stays
 * resident in its arenas. `malloc_trim` releases every whole free page in them (a few
 * milliseconds). Answers whether it could run here.
 */
export function trimGlibcHeap(): boolean {
  mallocTrim ??= { run: loadMallocTrim() };
  const { run } = mallocTrim;
  if (!run) return false;
  run(0);
  return true;
}
