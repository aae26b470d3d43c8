import net from 'node:net';
import {
  MAX_OPERATOR_MESSAGE_BYTES,
  operatorAnswer,
  operatorSocketPath,
  type OperatorAnswer,
  type OperatorRequest,
} from './operator-protocol.ts';

// Nobody listening: no socket file, or one a stopped server left behind.
const NO_SERVER = new Set(['ENOENT', 'ECONNREFUSED']);

/**
 * Asks the server running on `dataDir` to do `request`; resolves to its answer, or to null when
 * no server is listening there (the caller may then open the database itself).
 */
export function askRunningServer(
  dataDir: string,
  request: OperatorRequest,
): Promise<OperatorAnswer | null> {
  return new Promise((resolve, reject) => {
    let received = '';
    let connected = false;
    const socket = net.createConnection(operatorSocketPath(dataDir), () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (Buffer.byteLength(received) > MAX_OPERATOR_MESSAGE_BYTES) {
        socket.destroy();
        reject(new Error('the server’s answer was too long'));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && error.code && NO_SERVER.has(error.code)) resolve(null);
      else reject(error);
    });
    socket.on('end', () => {
      try {
        resolve(operatorAnswer.parse(JSON.parse(received)));
      } catch {
        reject(new Error(`the server answered something unexpected: ${received.slice(0, 200)}`));
      }
    });
  });
}
