import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

/** How to run one child process. Arguments are always an array: nothing goes through a shell. */
export interface RunProcessOptions {
  file: string;
  args: readonly string[];
  /** Past this the process is sent SIGKILL and the result says `timedOut`. */
  timeoutMs: number;
  /** Only the last this-many bytes of stderr are kept (ffmpeg can be very chatty). */
  maxStderrBytes?: number;
  /** Capture stdout up to this many bytes; past it the process is killed. 0 ignores stdout. */
  maxStdoutBytes?: number;
  /** Piped to the child's stdin; the child closing its end early is not an error. */
  stdin?: Readable;
  /** Environment of the child (defaults to this process's). */
  env?: NodeJS.ProcessEnv;
}

/** What a finished child left behind. A non-zero `code` is not thrown: callers decide. */
export interface RunProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** True when stdout went past `maxStdoutBytes` and the child was killed for it. */
  stdoutOverflow: boolean;
  stdout: Buffer;
  stderr: string;
}

const defaultStderrBytes = 64 * 1024;

/**
 * Runs a child process with a hard wall-clock limit and bounded output capture. Rejects only
 * when the process cannot be started at all (e.g. ENOENT).
 */
export function runProcess(options: RunProcessOptions): Promise<RunProcessResult> {
  const maxStderr = options.maxStderrBytes ?? defaultStderrBytes;
  const maxStdout = options.maxStdoutBytes ?? 0;
  return new Promise((resolve, reject) => {
    const child = spawn(options.file, options.args, {
      stdio: [options.stdin ? 'pipe' : 'ignore', maxStdout > 0 ? 'pipe' : 'ignore', 'pipe'],
      windowsHide: true,
      ...(options.env ? { env: options.env } : {}),
    });
    let stderrTail = Buffer.alloc(0);
    const stdoutChunks: Buffer[] = [];
    let stdoutBytes = 0;
    let stdoutOverflow = false;
    let timedOut = false;
    let settled = false;

    // After a kill, stop waiting on the pipes too: anything the child left behind holding
    // them open must not keep us waiting for 'close'.
    const kill = (): void => {
      child.kill('SIGKILL');
      child.stdout?.destroy();
      child.stderr?.destroy();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);

    child.stderr?.on('data', (chunk: Buffer) => {
      // Keep a tail: the useful error is almost always at the end.
      stderrTail = Buffer.concat([stderrTail, chunk]);
      if (stderrTail.length > maxStderr) stderrTail = stderrTail.subarray(-maxStderr);
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      if (stdoutOverflow) return;
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxStdout) {
        stdoutOverflow = true;
        kill();
        return;
      }
      stdoutChunks.push(chunk);
    });
    if (options.stdin && child.stdin) {
      // EPIPE when the child stops reading early (e.g. it hit -frames:v) is expected.
      child.stdin.on('error', () => {});
      options.stdin.on('error', () => child.stdin?.destroy());
      options.stdin.pipe(child.stdin);
    }
    child.on('error', (error) => {
      clearTimeout(timer);
      if (settled) return;
      settled = true;
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (settled) return;
      settled = true;
      options.stdin?.unpipe();
      resolve({
        code,
        signal,
        timedOut,
        stdoutOverflow,
        stdout: Buffer.concat(stdoutChunks),
        stderr: stderrTail.toString('utf8'),
      });
    });
  });
}

/** The last few meaningful lines of a stderr capture, for error messages. */
export function stderrSummary(stderr: string, maxChars = 400): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  const text = lines.slice(-4).join(' | ');
  return text.length > maxChars ? text.slice(-maxChars) : text;
}
