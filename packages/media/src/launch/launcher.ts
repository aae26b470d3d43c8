/**
 * The launcher: a small Node process that starts ffmpeg and its kin on behalf of a big one.
 *
 * On Linux, starting a program from Node forks the whole process first. The fork copies the
 * page tables and leaves every writable page of the parent shared copy-on-write, so each page
 * the parent writes afterwards takes a page fault, child gone or not. For a server or test
 * worker holding 500-900 MB (an embedded PostgreSQL, decoded media) that is tens of
 * milliseconds to over a second of CPU per program started, spent in the kernel; from a
 * 50 MB launcher it is a few milliseconds.
 *
 * Protocol (the parent is `process-launcher.ts`): the parent sends `spawn` on the IPC channel;
 * for each stream the child needs, this process connects to the parent's socket, writes the
 * line `<id> <stream>\n` and hands the connection itself to the child as that descriptor, so
 * the child's bytes never pass through here. It answers `exit` or `error` for each spawn, kills
 * on `kill`, and when the parent goes away, kills what it started and ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export type StreamName = 'stdin' | 'stdout' | 'stderr';

export type LauncherRequest =
  | {
      type: 'spawn';
      id: number;
      file: string;
      args: string[];
      env: Record<string, string>;
      streams: StreamName[];
    }
  | { type: 'kill'; id: number };

export type LauncherReply =
  | { type: 'exit'; id: number; code: number | null; signal: NodeJS.Signals | null }
  | { type: 'error'; id: number; message: string; code?: string; syscall?: string };

/** Where the parent listens for the streams, its one argument. */
const socketPath = process.argv[2];
const children = new Map<number, ChildProcess>();
/** Spawns still making their connections, and those of them killed meanwhile. */
const starting = new Set<number>();
const killed = new Set<number>();

function reply(message: LauncherReply): void {
  if (process.connected) process.send?.(message);
}

/** One connection to the parent, introduced by its job and stream, ready to be a descriptor. */
function connectStream(id: number, stream: StreamName): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath!);
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write(`${id} ${stream}\n`, (error) => {
        if (error) reject(error);
        else {
          // Nothing is read here: every byte the parent sends is the child's.
          socket.pause();
          resolve(socket);
        }
      });
    });
  });
}

async function start(request: Extract<LauncherRequest, { type: 'spawn' }>): Promise<void> {
  const { id } = request;
  const sockets: Partial<Record<StreamName, net.Socket>> = {};
  starting.add(id);
  try {
    for (const name of request.streams) sockets[name] = await connectStream(id, name);
  } catch (error) {
    for (const socket of Object.values(sockets)) socket.destroy();
    const { message, code } = error as NodeJS.ErrnoException;
    reply({ type: 'error', id, message, ...(code ? { code } : {}) });
    return;
  } finally {
    starting.delete(id);
  }
  // Killed while its connections were being made: it never starts.
  if (killed.delete(id)) {
    for (const socket of Object.values(sockets)) socket.destroy();
    reply({ type: 'exit', id, code: null, signal: 'SIGKILL' });
    return;
  }
  let child: ChildProcess;
  try {
    child = spawn(request.file, request.args, {
      stdio: [sockets.stdin ?? 'ignore', sockets.stdout ?? 'ignore', sockets.stderr ?? 'ignore'],
      env: request.env,
      windowsHide: true,
    });
  } catch (error) {
    // Arguments Node refuses outright (a NUL byte in one, say).
    const { message, code } = error as NodeJS.ErrnoException;
    reply({ type: 'error', id, message, ...(code ? { code } : {}) });
    return;
  } finally {
    // The child has its own copies of the descriptors; ours would keep the parent from ever
    // seeing the end of its output.
    for (const socket of Object.values(sockets)) socket.destroy();
  }
  children.set(id, child);
  child.once('error', (error: NodeJS.ErrnoException) => {
    children.delete(id);
    reply({
      type: 'error',
      id,
      message: error.message,
      ...(error.code ? { code: error.code } : {}),
      ...(error.syscall ? { syscall: error.syscall } : {}),
    });
  });
  child.once('exit', (code, signal) => {
    children.delete(id);
    reply({ type: 'exit', id, code, signal });
  });
}

process.on('message', (request: LauncherRequest) => {
  if (request.type === 'spawn') void start(request);
  else if (request.type === 'kill') {
    const child = children.get(request.id);
    if (child) child.kill('SIGKILL');
    else if (starting.has(request.id)) killed.add(request.id);
  }
});

process.on('disconnect', () => {
  for (const child of children.values()) child.kill('SIGKILL');
  process.exit(0);
});
