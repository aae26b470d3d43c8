import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import {
  MAX_OPERATOR_MESSAGE_BYTES,
  operatorRequest,
  operatorSocketPath,
  type OperatorAnswer,
  type OperatorRequest,
} from './operator-protocol.ts';

const IDLE_MS = 30_000;

/**
 * Listens on DATA_DIR's operator socket: each connection sends one request line and gets one
 * answer line. The folder is made 0700 and the socket 0600 before anyone can use it, and a
 * socket left by a server that stopped without closing is removed first (the caller owns the
 * data folder, so no other server is using it). Resolves to a function that stops listening
 * and removes the socket; null when the socket cannot be made (the CLI then says the database
 * is in use), which is no reason to keep the site from starting.
 */
export async function listenForOperator(options: {
  dataDir: string;
  handle: (request: OperatorRequest) => Promise<OperatorAnswer>;
  log: Logger;
}): Promise<(() => Promise<void>) | null> {
  const socketPath = operatorSocketPath(options.dataDir);
  const folder = path.dirname(socketPath);
  const server = net.createServer((socket) => serve(socket, options));
  try {
    await fs.mkdir(folder, { recursive: true, mode: 0o700 });
    await fs.chmod(folder, 0o700);
    await fs.rm(socketPath, { force: true });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
    await fs.chmod(socketPath, 0o600);
  } catch (error) {
    server.close();
    options.log.warn(
      { err: error, socket: socketPath },
      'no operator socket: `npm run admin` cannot reach this server while it runs',
    );
    return null;
  }
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await fs.rm(socketPath, { force: true });
  };
}

function serve(
  socket: net.Socket,
  options: { handle: (request: OperatorRequest) => Promise<OperatorAnswer>; log: Logger },
): void {
  const answer = (reply: OperatorAnswer) => socket.end(`${JSON.stringify(reply)}\n`);
  let received = '';
  socket.setEncoding('utf8');
  socket.setTimeout(IDLE_MS, () => socket.destroy());
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: string) => {
    received += chunk;
    if (Buffer.byteLength(received) > MAX_OPERATOR_MESSAGE_BYTES) {
      socket.removeAllListeners('data');
      answer({ ok: false, error: 'request too long' });
      return;
    }
    const end = received.indexOf('\n');
    if (end === -1) return;
    socket.removeAllListeners('data');
    const parsed = parseRequest(received.slice(0, end));
    if ('error' in parsed) {
      answer({ ok: false, error: parsed.error });
      return;
    }
    options.handle(parsed.request).then(answer, (error: unknown) => {
      options.log.error({ err: error }, 'operator request failed');
      answer({ ok: false, error: 'the server failed to do it (see its log)' });
    });
  });
}

function parseRequest(line: string): { request: OperatorRequest } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    return { error: 'not JSON' };
  }
  const result = operatorRequest.safeParse(json);
  if (result.success) return { request: result.data };
  const issue = result.error.issues[0];
  return { error: issue ? `${issue.path.join('.') || 'request'}: ${issue.message}` : 'invalid' };
}
