import { spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import type { StreamName } from './launch/launcher.ts';
import { launch, type ProcessExit } from './launch/process-launcher.ts';

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

/** A started program, however it was started. */
interface StartedProcess {
  stdin?: Writable;
  stdout?: Readable;
  stderr?: Readable;
  kill(): void;
  /** Exit code and signal once it has exited and its output has closed. */
  done: Promise<ProcessExit>;
}

/**
 * On Linux, programs are started by a small launcher process rather than by forking this one,
 * whose size makes every fork dear (see launch/launcher.ts). Elsewhere, or when the launcher
 * itself cannot start, they are spawned directly.
 */
async function startProcess(
  options: RunProcessOptions,
  maxStdout: number,
): Promise<StartedProcess> {
  const env = options.env ?? process.env;
  if (process.platform === 'linux') {
    const streams: StreamName[] = [
      ...(options.stdin ? (['stdin'] as const) : []),
      ...(maxStdout > 0 ? (['stdout'] as const) : []),
      'stderr',
    ];
    const launched = await launch({ file: options.file, args: options.args, env, streams });
    if (launched) return launched;
  }
  const child = spawn(options.file, options.args, {
    stdio: [options.stdin ? 'pipe' : 'ignore', maxStdout > 0 ? 'pipe' : 'ignore', 'pipe'],
    windowsHide: true,
    env,
  });
  return {
    ...(child.stdin ? { stdin: child.stdin } : {}),
    ...(child.stdout ? { stdout: child.stdout } : {}),
    ...(child.stderr ? { stderr: child.stderr } : {}),
    kill: () => child.kill('SIGKILL'),
    done: new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code, signal) => resolve({ code, signal }));
    }),
  };
}

/**
 * Runs a child process with a hard wall-clock limit and bounded output capture. Rejects only
 * when the process cannot be started at all (e.g. ENOENT).
 */
export async function runProcess(options: RunProcessOptions): Promise<RunProcessResult> {
  const maxStderr = options.maxStderrBytes ?? defaultStderrBytes;
  const maxStdout = options.maxStdoutBytes ?? 0;
  const child = await startProcess(options, maxStdout);
  let stderrTail = Buffer.alloc(0);
  const stdoutChunks: Buffer[] = [];
  let stdoutBytes = 0;
  let stdoutOverflow = false;
  let timedOut = false;

  // After a kill, stop waiting on the pipes too: anything the child left behind holding
  // them open must not keep us waiting for 'close'.
  const kill = (): void => {
    child.kill();
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
  // A launcher's streams arrive paused.
  child.stderr?.resume();
  child.stdout?.resume();
  if (options.stdin && child.stdin) {
    // EPIPE when the child stops reading early (e.g. it hit -frames:v) is expected.
    child.stdin.on('error', () => {});
    options.stdin.on('error', () => child.stdin?.destroy());
    options.stdin.pipe(child.stdin);
  }
  try {
    const { code, signal } = await child.done;
    return {
      code,
      signal,
      timedOut,
      stdoutOverflow,
      stdout: Buffer.concat(stdoutChunks),
      stderr: stderrTail.toString('utf8'),
    };
  } finally {
    clearTimeout(timer);
    options.stdin?.unpipe();
  }
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
