// A remote ActivityPub server as a process of its own, for the system test: `node
// remote-fediverse-process.ts <port> <control port>`. It serves ActivityPub on <port> and a
// small JSON control API on <control port> (loopback only) through which the test plays its
// user: find an actor by WebFinger, follow it, unfollow it, read what arrived.
import http from 'node:http';
import { startRemoteFediverse } from './remote-fediverse.ts';

const [port, controlPort] = process.argv.slice(2).map(Number);
if (!port || !controlPort)
  throw new Error('usage: remote-fediverse-process.ts <port> <control port>');
const remote = await startRemoteFediverse({ port });

type Command = { server?: string; account?: string; actor?: string; followId?: string };
const commands: Record<string, (command: Command) => Promise<unknown>> = {
  'GET /received': () => Promise.resolve(remote.received()),
  'POST /webfinger': async ({ server, account }) => ({
    actor: await remote.webfinger(server!, account!),
  }),
  'POST /follow': async ({ actor }) => ({ followId: await remote.follow('remote', actor!) }),
  'POST /unfollow': async ({ actor, followId }) => {
    await remote.unfollow('remote', actor!, followId!);
    return {};
  },
};

const control = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const run = commands[`${request.method} ${request.url}`];
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString()) as Command) : {};
    (run ? run(body) : Promise.reject(new Error('no such command'))).then(
      (answer) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(error));
      },
    );
  });
});
control.listen(controlPort, '127.0.0.1', () => {
  console.log(`remote fediverse listening on ${remote.origin}`);
});
process.on('SIGTERM', () => {
  control.close();
  void remote.stop().then(() => process.exit(0));
});
