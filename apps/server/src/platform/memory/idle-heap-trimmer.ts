/** How the trimmer reads the process's CPU time and gives memory back; tests pass their own. */
export interface IdleHeapTrimmerOptions {
  /** Gives memory back (the server's: libvips' cache emptied, then trimGlibcHeap). */
  trim: () => void;
  /** The process's CPU time so far, in microseconds (process.cpuUsage). */
  cpuMicros?: () => number;
  /** How long a window is (default 10 s). */
  windowMs?: number;
  /** The CPU a window may use and still count as idle (default 2% of one core). */
  idleShare?: number;
}

const DEFAULT_WINDOW_MS = 10_000;
const DEFAULT_IDLE_SHARE = 0.02;

/**
 * Gives the C heap's free memory back once the process has gone quiet after work: at the end
 * of the first window of ~10 s that used under 2% of a core, following a busier one (or the
 * start). Trimming while media renders would only hand back pages the next render faults in
 * again; trimming once the work is done takes an idle server from the memory its busiest moment
 * left behind to the memory it uses (bench/footprint).
 */
export class IdleHeapTrimmer {
  readonly #trim: () => void;
  readonly #cpuMicros: () => number;
  readonly #windowMs: number;
  readonly #idleShare: number;
  #timer: NodeJS.Timeout | undefined;
  #lastCpu = 0;
  /** Work happened since the last trim (the start counts as work). */
  #worked = true;

  constructor(options: IdleHeapTrimmerOptions) {
    this.#trim = options.trim;
    this.#cpuMicros =
      options.cpuMicros ??
      (() => {
        const { user, system } = process.cpuUsage();
        return user + system;
      });
    this.#windowMs = options.windowMs ?? DEFAULT_WINDOW_MS;
    this.#idleShare = options.idleShare ?? DEFAULT_IDLE_SHARE;
  }

  start(): void {
    if (this.#timer) return;
    this.#lastCpu = this.#cpuMicros();
    this.#timer = setInterval(() => this.endWindow(), this.#windowMs);
    // Never what keeps the process alive.
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Ends a window: notes work, or trims after it once the window was quiet. */
  endWindow(): void {
    const cpu = this.#cpuMicros();
    const used = cpu - this.#lastCpu;
    this.#lastCpu = cpu;
    if (used > this.#windowMs * 1000 * this.#idleShare) {
      this.#worked = true;
      return;
    }
    if (!this.#worked) return;
    this.#worked = false;
    this.#trim();
  }
}
