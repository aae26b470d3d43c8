import net from 'node:net';

// Linux hands out ports for outgoing connections from 32768–60999 (ip_local_port_range), and
// `listen(0)` from the same range. A port found free there can be taken by any outgoing
// connection (a parallel test's, a pool's) before the server meant for it listens, or while it
// is stopped to be restarted on the same port: EADDRINUSE. Ports below that range are only
// ever taken by a listener that asks for one by number.
const LOW = 20_000;
const HIGH = 32_000;

/** A loopback port that nothing listens on, outside the range outgoing connections use. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW));
    if (await canListen(port)) return port;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
