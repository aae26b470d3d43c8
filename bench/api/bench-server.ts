// The servers under load, in their own process so the load generator does not share their CPU:
// Jiffy on a 100,000-row corpus, and a bare Fastify route answering a same-sized JSON body.
import Fastify from 'fastify';
import { createJiffy } from '../../apps/server/src/app/jiffy.ts';
import { makeCorpus, settleCorpus } from './make-corpus.ts';
import { loadServerConfig } from '../support/load-server-config.ts';

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const config = loadServerConfig();
const jiffy = await createJiffy({ config, role: 'api', inMemoryDatabase: true });
const existing = await jiffy.database.db
  .selectFrom('gifs')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .executeTakeFirstOrThrow();
if (Number(existing.n) < rows) await makeCorpus(jiffy.database.db, rows);
await settleCorpus(jiffy.database.db);
const jiffyAddress = await jiffy.listen();

// The bare route answers what a 25-item search answers, so the ratio measures Jiffy's work.
const sample = await fetch(`${jiffyAddress}/v1/gifs/trending?api_key=${jiffy.defaultApiKey}`).then(
  (r) => r.text(),
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
  }),
);
process.on('SIGTERM', () => {
  void Promise.all([jiffy.close(), bare.close()]).then(() => process.exit(0));
});
