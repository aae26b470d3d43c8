import { createRequire } from 'node:module';

/** True on Linux with glibc's allocator (not musl, as on Alpine, nor macOS). */
export function usesGlibc(): boolean {
  if (process.platform !== 'linux') return false;
  const { header } = process.report.getReport() as { header: { glibcVersionRuntime?: string } };
  return Boolean(header.glibcVersionRuntime);
}

type Trim = (pad: number) => number;
let trim: Trim | null | undefined;

/**
 * glibc's `malloc_trim(0)`, reached through koffi (a foreign-function library with prebuilt
 * binaries; Node has no way of its own to call into libc). Without glibc, or where koffi cannot
 * load, undefined.
 */
function mallocTrim(): Trim | undefined {
  if (trim === undefined) {
    trim = null;
    if (usesGlibc()) {
      try {
        const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
        trim = koffi.load('libc.so.6').func('int malloc_trim(size_t)') as Trim;
      } catch {
        // No prebuilt koffi for this machine: memory is kept as glibc keeps it.
      }
    }
  }
  return trim ?? undefined;
}

/**
 * Hands the C heap's free pages back to the system. glibc keeps what is freed for later
 * allocations: after libvips has rendered, a hundred-odd MB of freed pixel buffers stays
 * resident in its arenas. `malloc_trim` releases every whole free page in them (a few
 * milliseconds). Answers whether it could run here.
 */
export function trimGlibcHeap(): boolean {
  const run = mallocTrim();
  if (!run) return false;
  run(0);
  return true;
}
