import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LauncherReply, LauncherRequest, StreamName } from './launcher.ts';

/** How a program ended, as a child process's 'close' event tells it. */
export type ProcessExit = { code: number | null; signal: NodeJS.Signals | null };

/**
 * A program started through the launcher, with the streams asked for. They arrive paused, so
 * that nothing is read before their reader listens: call resume() once listening.
 */
export interface LaunchedProcess {
  stdin?: net.Socket;
  stdout?: net.Socket;
  stderr?: net.Socket;
  /** Sends SIGKILL (also to one still being started). */
  kill(): void;
  /**
   * Settles once the program has exited and its output streams have closed, as a child's
   * 'close' event does; rejects when it could not be started (ENOENT and the like).
   */
  done: Promise<ProcessExit>;
}

export interface LaunchOptions {
  file: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  streams: readonly StreamName[];
}

/**
 * The launcher is stopped after this long without a program to run, so that an idle Jiffy does
 * not hold it (about 43 MB, proportional share). Renders come in bursts; a new burst forks a
 * new launcher once, where each of its programs would otherwise fork Jiffy.
 */
const idleMs = 10_000;
const launcherFile = new URL('./launcher.ts', import.meta.url);

interface Job {
  wanted: readonly StreamName[];
  streams: Partial<Record<StreamName, net.Socket>>;
  ready(): void;
  fail(error: Error): void;
  exited(code: number | null, signal: NodeJS.Signals | null): void;
}

/**
 * One launcher process and the socket it hands the programs' streams back on. Lives while
 * programs are being started, then ends; the next start opens another.
 */
class LauncherSession {
  private readonly jobs = new Map<number, Job>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  closed = false;
  private readonly removeDir = () => fs.rmSync(this.dir, { recursive: true, force: true });

  private readonly dir: string;
  private readonly server: net.Server;
  private readonly child: ChildProcess;
  private readonly onClosed: () => void;

  private constructor(dir: string, server: net.Server, child: ChildProcess, onClosed: () => void) {
    this.dir = dir;
    this.server = server;
    this.child = child;
    this.onClosed = onClosed;
    server.on('connection', (socket) => this.identify(socket));
    server.on('error', (error) => this.close(error));
    child.on('message', (reply: LauncherReply) => this.receive(reply));
    child.once('exit', () => this.close(new Error('the process launcher stopped')));
    // Every error, not only the first: a second with no listener would end this process.
    child.on('error', (error) => this.close(error));
    process.once('exit', this.removeDir);
    this.armIdleTimer();
  }

  static async open(onClosed: () => void): Promise<LauncherSession> {
    // A folder only this user can enter holds the socket, so no one else can connect to it.
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'jiffy-launch-'));
    const socketPath = path.join(dir, 'socket');
    const server = net.createServer({ pauseOnConnect: true });
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(socketPath, () => resolve());
      });
    } catch (error) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw error;
    }
    server.unref();
    const child = fork(launcherFile, [socketPath], {
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // The launcher never keeps this process alive; its channel does while programs run.
    child.unref();
    child.channel?.unref();
    return new LauncherSession(dir, server, child, onClosed);
  }

  launch(options: LaunchOptions): Promise<LaunchedProcess> {
    if (this.closed) return Promise.reject(new Error('the process launcher stopped'));
    clearTimeout(this.idleTimer);
    this.child.channel?.ref();
    const id = this.nextId++;
    let settleDone!: (exit: ProcessExit) => void;
    let failDone!: (error: Error) => void;
    const done = new Promise<ProcessExit>((resolve, reject) => {
      settleDone = resolve;
      failDone = reject;
    });
    // Whoever awaits `done` sees its failure; this only keeps an unawaited one quiet.
    done.catch(() => {});
    return new Promise<LaunchedProcess>((resolve, reject) => {
      let isReady = false;
      // The exit can be read before the last stream's connection is: it waits for them.
      let exit: ProcessExit | undefined;
      const settleWhenClosed = (result: ProcessExit) => {
        this.finish(id);
        const open = Object.values(job.streams).filter((socket) => !socket.closed);
        void Promise.all(
          open.map((socket) => new Promise((closed) => socket.once('close', closed))),
        ).then(() => settleDone(result));
      };
      const job: Job = {
        wanted: options.streams,
        streams: {},
        ready: () => {
          isReady = true;
          resolve({ ...job.streams, kill: () => this.send({ type: 'kill', id }), done });
          if (exit) settleWhenClosed(exit);
        },
        fail: (error) => {
          this.finish(id);
          for (const socket of Object.values(job.streams)) socket.destroy();
          if (isReady) failDone(error);
          else reject(error);
        },
        exited: (code, signal) => {
          exit = { code, signal };
          if (isReady) settleWhenClosed(exit);
        },
      };
      this.jobs.set(id, job);
      this.send({
        type: 'spawn',
        id,
        file: options.file,
        args: [...options.args],
        env: Object.fromEntries(
          Object.entries(options.env).filter(
            (entry): entry is [string, string] => entry[1] !== undefined,
          ),
        ),
        streams: [...options.streams],
      });
      if (options.streams.length === 0) job.ready();
    });
  }

  private send(request: LauncherRequest): void {
    if (this.child.connected) this.child.send(request);
  }

  /** Reads a connection's first line, `<id> <stream>`, and gives it to that job. */
  private identify(socket: net.Socket): void {
    // A reset connection ends its stream, as a closed pipe would; it must not end this process.
    // What became of the program is the launcher's to say.
    socket.on('error', () => socket.destroy());
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf(10);
      if (end < 0) {
        if (head.length > 64) socket.destroy();
        return;
      }
      socket.off('data', onData);
      socket.pause();
      const [idText = '', name = ''] = head.subarray(0, end).toString('latin1').split(' ');
      // What the program wrote in the same packet belongs to whoever reads the stream.
      if (end + 1 < head.length) socket.unshift(head.subarray(end + 1));
      const job = this.jobs.get(Number(idText));
      const stream = name as StreamName;
      if (!job || !job.wanted.includes(stream) || job.streams[stream]) {
        socket.destroy();
        return;
      }
      job.streams[stream] = socket;
      if (job.wanted.every((wanted) => job.streams[wanted])) job.ready();
    };
    socket.on('data', onData);
    socket.resume();
  }

  private receive(reply: LauncherReply): void {
    const job = this.jobs.get(reply.id);
    if (!job) return;
    if (reply.type === 'exit') job.exited(reply.code, reply.signal);
    else
      job.fail(
        Object.assign(new Error(reply.message), {
          ...(reply.code ? { code: reply.code } : {}),
          ...(reply.syscall ? { syscall: reply.syscall } : {}),
        }),
      );
  }

  private finish(id: number): void {
    this.jobs.delete(id);
    if (this.jobs.size > 0) return;
    this.child.channel?.unref();
    this.armIdleTimer();
  }

  private armIdleTimer(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.close(), idleMs).unref();
  }

  private close(error?: Error): void {
    if (this.closed) return;
    this.closed = true;
    this.onClosed();
    clearTimeout(this.idleTimer);
    for (const job of [...this.jobs.values()])
      job.fail(error ?? new Error('the process launcher stopped'));
    if (this.child.connected) this.child.disconnect();
    this.server.close();
    this.removeDir();
    process.off('exit', this.removeDir);
  }
}

let session: Promise<LauncherSession> | undefined;

/**
 * Starts a program through the launcher process (see launcher.ts for why). Rejects as spawn
 * would when the program cannot be started; undefined when the launcher itself cannot be.
 */
export async function launch(options: LaunchOptions): Promise<LaunchedProcess | undefined> {
  session ??= LauncherSession.open(() => {
    session = undefined;
  });
  let current: LauncherSession;
  try {
    current = await session;
  } catch {
    session = undefined;
    return undefined;
  }
  return current.launch(options);
}
