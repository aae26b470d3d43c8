import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port.ts';

/** A redis-server of a test's own (Debian's), on a free loopback port, that it may stop. */
export interface TestRedis {
  url: string;
  port: number;
  /** Freezes the server (SIGSTOP): connections stay open and nothing answers. */
  pause(): void;
  resume(): void;
  /** Stops it for good (the port is then closed). */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  restart(): Promise<void>;
}

export async function startTestRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    child = server;
    // It says so on stdout once it accepts connections.
    await new Promise<void>((resolve, reject) => {
      let said = '';
      server.stdout.on('data', (chunk: Buffer) => {
        said += chunk.toString();
        if (said.includes('Ready to accept connections')) resolve();
      });
      server.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${said}`)));
    });
    server.stdout.resume();
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGCONT');
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    stop,
    restart: async () => {
      await stop();
      await start();
    },
  };
}
