import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = path.join(REPOSITORY, 'apps/server/src/app/main.ts');

/**
 * Environment for every Node process a test starts (servers, CLIs): Node's on-disk compile cache,
 * shared by the run's processes, so each one after the first loads the server's thousand-odd
 * modules without stripping their types and compiling them again (about 0.7 s of CPU a start).
 * Entries are keyed by each file's contents and Node's version, so an edited file is compiled anew.
 */
export const nodeChildEnv = {
  NODE_COMPILE_CACHE: path.join(os.tmpdir(), 'jiffy-test-node-compile-cache'),
};

/** A Jiffy started as `npm start` starts it: its own process, configured by environment only. */
export interface ServerProcess {
  url: string;
  apiKey: string;
  /** Every line the process printed so far (banner and JSON log lines). */
  lines: string[];
  /** Resolves with the first printed line that `match` accepts. */
  waitForLine(match: (line: string) => boolean, timeoutMs?: number): Promise<string>;
  /** SIGKILL: no shutdown handler runs, as in a crash or power loss. */
  kill(): Promise<void>;
  /** SIGTERM and wait for a clean exit. */
  stop(): Promise<number | null>;
  /** For test clean-up: SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
  shutdown(graceMs?: number): Promise<void>;
}

/** A TCP port free right now on localhost. */
export { freePort } from '../../apps/server/testing/free-port.ts';

/**
 * Starts Jiffy's main module with this Node, or `options.command` (e.g. a container image's
 * start command, run from the repository's root as the image's working directory).
 */
export async function startServer(
  env: Record<string, string>,
  args: string[] = [],
  options: {
    command?: string[];
    /** Node's own options, before the main module. */ nodeArgs?: string[];
  } = {},
): Promise<ServerProcess> {
  const [file, ...commandArgs] = options.command ?? [
    process.execPath,
    ...(options.nodeArgs ?? []),
    MAIN,
  ];
  const child = spawn(file!, [...commandArgs, ...args], {
    cwd: REPOSITORY,
    env: { ...process.env, ...nodeChildEnv, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters = new Set<{ match: (line: string) => boolean; resolve: (line: string) => void }>();
  const onData = (buffer: Buffer) => {
    for (const line of buffer.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      lines.push(line);
      for (const waiter of waiters) {
        if (waiter.match(line)) {
          waiters.delete(waiter);
          waiter.resolve(line);
        }
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  const waitForLine = (match: (line: string) => boolean, timeoutMs = 60_000) => {
    const seen = lines.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<string>((resolve, reject) => {
      const waiter = { match, resolve };
      waiters.add(waiter);
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(
          new Error(
            `no matching line within ${timeoutMs} ms; output:\n${lines.slice(-30).join('\n')}`,
          ),
        );
      }, timeoutMs);
      void exited.then((code) => {
        if (!waiters.has(waiter)) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        reject(new Error(`server exited (${code}) first; output:\n${lines.slice(-30).join('\n')}`));
      });
    });
  };

  const keyLine = await waitForLine((l) => l.includes('public API key:'));
  // A worker's banner gives the address of its health and metrics routes.
  const urlLine = await waitForLine((l) => /➜ https?:\/\//.test(l));
  return {
    url: urlLine.split('➜ ')[1]!.trim().split(' ')[0]!,
    apiKey: keyLine.split('public API key:')[1]!.trim(),
    lines,
    waitForLine,
    kill: () => stopWith(child, 'SIGKILL', exited).then(() => undefined),
    stop: () => stopWith(child, 'SIGTERM', exited),
    shutdown: async (graceMs = 10_000) => {
      const timer = new Promise((resolve) => setTimeout(resolve, graceMs));
      await Promise.race([stopWith(child, 'SIGTERM', exited), timer]);
      await stopWith(child, 'SIGKILL', exited);
    },
  };
}

async function stopWith(
  child: ChildProcess,
  signal: NodeJS.Signals,
  exited: Promise<number | null>,
) {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  return exited;
}

/** Parses a pino JSON log line, or null for other lines. */
export function logEntry(line: string): Record<string, unknown> | null {
  if (!line.startsWith('{')) return null;
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    return null;
  }
}
