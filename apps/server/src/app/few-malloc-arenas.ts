/**
 * glibc's malloc gives threads that allocate at once arenas of their own (up to eight per core)
 * and keeps what is freed in each for later. libvips' threads and the content-safety thread
 * leave some 260 MB resident that way once the demo has rendered (bench/footprint), on a machine
 * that may have 1 GB. Two arenas, as sharp's documentation advises, keep it to what is in use.
 * glibc reads MALLOC_ARENA_MAX only when a process starts, so the server starts itself again in
 * the same process (same pid, same arguments) with it set; one set already is left as it is.
 */
export function restartWithFewMallocArenas(): void {
  if (process.platform !== 'linux' || process.env.MALLOC_ARENA_MAX !== undefined) return;
  const { header } = process.report.getReport() as { header: { glibcVersionRuntime?: string } };
  // musl (Alpine) has no arenas to limit, and Node before 23.11 cannot replace its process.
  if (!header.glibcVersionRuntime || typeof process.execve !== 'function') return;
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  process.execve(
    process.execPath,
    [process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    { ...env, MALLOC_ARENA_MAX: '2' },
  );
}
