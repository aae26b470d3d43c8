import net from 'node:net';

/**
 * A loopback TCP relay to `target` that a test can cut: every connection through it drops and
 * new ones are refused, as when a server goes away; `restore` lets connections through again.
 */
export interface TcpCut {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpCut(target: { host: string; port: number }): Promise<TcpCut> {
  const sockets = new Set<net.Socket>();
  const relay = (client: net.Socket) => {
    const upstream = net.connect(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };
  let server = net.createServer(relay);
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen();
  port = (server.address() as net.AddressInfo).port;
  const shut = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
  return {
    port,
    cut: shut,
    async restore() {
      server = net.createServer(relay);
      await listen();
    },
    close: async () => {
      if (server.listening) await shut();
    },
  };
}
