// The server under measurement, in its own process so the load generator does not share its CPU:
// Jiffy on the search corpus of bench/api (100,000 GIFs unless BENCH_ROWS says) and a creator's
// channel of 6,000 GIFs in a manual order (bench/channels' creator and filling), made once into
// its own schema.
import { createJiffy } from '../../apps/server/src/app/jiffy.ts';
import { makeCorpus, settleCorpus } from '../api/make-corpus.ts';
import { BENCH_USER, fillChannel, makeCreatorGifs, settle } from '../channels/make-channel.ts';
import { loadServerConfig } from '../support/load-server-config.ts';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const channelGifs = Number(process.env.BENCH_CHANNEL_GIFS ?? 6_000);
const config = loadServerConfig();
const jiffy = await createJiffy({ config, role: 'api', inMemoryDatabase: true });
const { db } = jiffy.database;
const searchable = await db
  .selectFrom('gifs')
  .where('id', 'like', 'bench%')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
if (Number(searchable.n) < rows) await makeCorpus(db, rows);

// The channel: the creator's root channel exists once the creator does (the users trigger).
if (!(await jiffy.services.users.findById(BENCH_USER.id))) {
  await jiffy.services.users.insert({
    ...BENCH_USER,
    display_name: 'Bench Creator',
    email: 'bench@example.com',
    password_hash: 'not a password: nobody signs in here',
    email_confirmed_at: new Date(),
    role: 'creator',
  });
  await makeCreatorGifs(db, { count: channelGifs, tag: 'benchdeep' });
}
let channel = await db
  .selectFrom('channels')
  .where('user_id', '=', BENCH_USER.id)
  .where('slug', '=', 'deep')
  .select('id')
  .executeTakeFirst();
if (!channel) {
  const root = await db
    .selectFrom('channels')
    .where('user_id', '=', BENCH_USER.id)
    .where('parent_id', 'is', null)
    .select('id')
    .executeTakeFirstOrThrow();
  channel = await db
    .insertInto('channels')
    .values({
      user_id: BENCH_USER.id,
      parent_id: root.id,
      slug: 'deep',
      title: 'Deep',
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await fillChannel(db, channel.id);
}
await settleCorpus(db);
await settle(db);
const address = await jiffy.listen();
console.log(JSON.stringify({ jiffy: address, apiKey: jiffy.defaultApiKey, channelId: channel.id }));
process.on('SIGTERM', () => {
  void jiffy.close().then(() => process.exit(0));
});
