// The server under load, in its own process so the load generator does not share its event
// loop: Jiffy on an embedded database holding a corpus of GIF rows like the demo's (titles and
// tags from common words, five renditions each), answering on a loopback port.
import { createJiffy } from '../../apps/server/src/app/jiffy.ts';
import { makeCorpus, settleCorpus } from '../api/make-corpus.ts';
import { loadServerConfig } from '../support/load-server-config.ts';

const config = loadServerConfig({
  DATA_DIR: `/tmp/jiffy-bench-compression-${process.pid}`,
});
const jiffy = await createJiffy({
  config,
  role: 'all',
  startWorkers: false,
  inMemoryDatabase: true,
});
await makeCorpus(jiffy.database.db, Number(process.env.BENCH_ROWS ?? 2000));
await settleCorpus(jiffy.database.db);
const origin = await jiffy.listen();
console.log(JSON.stringify({ origin, apiKey: jiffy.defaultApiKey }));
process.on('SIGTERM', () => {
  void jiffy.close().then(() => process.exit(0));
});
