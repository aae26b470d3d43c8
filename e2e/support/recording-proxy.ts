import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
}

/**
 * A front door on loopback that forwards every request to `target` unchanged and notes what
 * arrived: what a server sees of a client's requests, read without touching the server.
 */
export async function startRecordingProxy(
  target: () => string,
): Promise<{ origin: string; seen: SeenRequest[]; close: () => Promise<void> }> {
  const seen: SeenRequest[] = [];
  const server = http.createServer((request, response) => {
    seen.push({ method: request.method!, path: request.url!, headers: request.headers });
    const upstream = http.request(
      new URL(request.url!, target()),
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
