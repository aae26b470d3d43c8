// The servers under load, in their own process so the load generator does not share their CPU:
// Jiffy with a creator whose channel holds 10,000 GIFs, and a bare Fastify route answering a
// body the size of a feed page. Also times a magic tag's sync here, beside its baseline.
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { hashPassword } from '../../apps/server/src/modules/accounts/password-hash.ts';
import { createJiffy } from '../../apps/server/src/app/jiffy.ts';
import { SiteClient } from '../../apps/server/testing/site-client.ts';
import { BENCH_USER, fillChannel, makeCreatorGifs, settle } from './make-channel.ts';
import { loadServerConfig } from '../support/load-server-config.ts';

const gifCount = Number(process.env.BENCH_GIFS ?? 10_000);
const PASSWORD = 'bench password, long enough';
const config = loadServerConfig();
// 'all': the magic tag's job runs in this process's worker.
const jiffy = await createJiffy({ config, role: 'all', inMemoryDatabase: true });
const { db } = jiffy.database;
const app = jiffy.app;

if (!(await jiffy.services.users.findById(BENCH_USER.id))) {
  await jiffy.services.users.insert({
    ...BENCH_USER,
    display_name: 'Bench Creator',
    email: 'bench@example.com',
    password_hash: await hashPassword(PASSWORD),
    email_confirmed_at: new Date(),
    role: 'creator',
  });
  await makeCreatorGifs(db, { count: gifCount, tag: 'benchmagic' });
}
const creator = new SiteClient(app);
await creator.get('/login/check');
await creator.post('/api/v3/login', { login: BENCH_USER.username, password: PASSWORD });
const made = async (name: string) => {
  const answer = await creator.post('/api/v4/channels/', { display_name: name });
  return answer.json<{ data: { id: number } }>().data.id;
};
// The paged channel: found by its path, or made and filled once.
const found = await creator.get(`/api/v4/channels/?slug=${BENCH_USER.username}/big`);
let bigId: number;
if (found.statusCode === 200) bigId = found.json<{ data: { id: number } }>().data.id;
else {
  bigId = await made('Big');
  await fillChannel(db, bigId);
}

/** A magic tag matching every GIF of the creator, from the POST until retrieve-job says DONE. */
async function timeMagicSync(): Promise<number> {
  const channel = await made(`Magic ${Date.now()}`);
  const start = performance.now();
  const answer = await creator.post('/api/v4/channel-magic-tags/', { channel, tag: 'benchmagic' });
  const job = answer.json<{ flush_uuid: string }>().flush_uuid;
  for (;;) {
    const status = await creator.get(`/api/v4/channels/retrieve-job/?job=${job}`);
    if (status.json<{ data: { status: string } }>().data.status === 'DONE') break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const ms = performance.now() - start;
  await creator.request({ method: 'DELETE', url: `/api/v4/channels/${channel}/` });
  return ms;
}

/** The floor under a sync: one INSERT … SELECT of the same GIFs into a channel, by hand. */
async function timeBareInsert(): Promise<number> {
  const channel = await made(`Bare ${Date.now()}`);
  const start = performance.now();
  await sql`INSERT INTO channel_gifs (channel_id, gif_id, position, by_hand)
    SELECT ${channel}, id, 0, true FROM gifs
    WHERE user_id = ${BENCH_USER.id} AND tags @> ARRAY['benchmagic']`.execute(db);
  const ms = performance.now() - start;
  await creator.request({ method: 'DELETE', url: `/api/v4/channels/${channel}/` });
  return ms;
}

const syncs: { magic: number; bare: number }[] = [];
for (let i = 0; i < Number(process.env.BENCH_SYNCS ?? 3); i++)
  syncs.push({ bare: await timeBareInsert(), magic: await timeMagicSync() });
// After the syncs, whose channels were deleted again: their dead rows vacuumed, statistics fresh.
await settle(db);

// The feed's pages by cursor, walked once here so the load can ask for them in any order.
const cursorPaths: string[] = [];
let next: string | null = null;
do {
  const path: string = `/api/v4/channels/${bigId}/feed/?limit=25${next ? `&cursor=${next}` : ''}`;
  cursorPaths.push(path);
  const page = await creator.get(path);
  next =
    page.json<{ pagination: { next_cursor?: string | null } }>().pagination.next_cursor ?? null;
} while (next && cursorPaths.length < 1000);

const jiffyAddress = await jiffy.listen();
const sample = await fetch(`${jiffyAddress}/api/v4/channels/${bigId}/feed/?limit=25`).then((r) =>
  r.text(),
);
const bare = Fastify();
bare.get('/bare', (_request, reply) => reply.type('application/json').send(sample));
const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

console.log(
  JSON.stringify({
    jiffy: jiffyAddress,
    bare: bareAddress,
    apiKey: jiffy.defaultApiKey,
    bytes: sample.length,
    channelId: bigId,
    gifCount,
    cursorPaths,
    syncs,
  }),
);
process.on('SIGTERM', () => {
  void Promise.all([jiffy.close(), bare.close()]).then(() => process.exit(0));
});
