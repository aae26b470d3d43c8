import net from 'node:net';

/**
 * A loopback TCP relay to `target` that a test can cut: every connection through it drops and
 * new ones are closed as soon as they arrive, as when a server goes away; `restore` lets
 * connections through again.
 *
 * The relay keeps listening while cut. Closing the listener would free its port, and another
 * socket on the machine (a parallel test's outgoing connection takes ports from the same
 * ephemeral range) could take it before `restore` listens again (EADDRINUSE).
 */
export interface TcpCut {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpCut(target: { host: string; port: number }): Promise<TcpCut> {
  const sockets = new Set<net.Socket>();
  let isCut = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  };
  const server = net.createServer((client) => {
    if (isCut) {
      client.on('error', () => {});
      client.destroy();
      return;
    }
    const upstream = net.connect(target);
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    async cut() {
      isCut = true;
      dropAll();
    },
    async restore() {
      isCut = false;
    },
    async close() {
      isCut = true;
      dropAll();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}
