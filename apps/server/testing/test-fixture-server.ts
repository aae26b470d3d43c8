// Test support only: a loopback HTTP server whose routes the tests define.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `127.0.0.1:<port>`, the form `allowPrivateHosts` takes. */
  hostPort: string;
  port: number;
  /** Every request seen, in order, for asserting on paths and headers. */
  requests: IncomingMessage[];
  close(): Promise<void>;
}

export type FixtureHandler = (request: IncomingMessage, response: ServerResponse) => void;

export async function startFixtureServer(handler: FixtureHandler): Promise<FixtureServer> {
  const requests: IncomingMessage[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request);
    // Clients abort on purpose in these tests; a write after that must not crash the run.
    response.on('error', () => undefined);
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        // Stalling routes hold connections open forever; cut them so close() returns.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
