// The server under load, in its own process so the load generator does not share its CPU:
// Jiffy on PostgreSQL with the roll-ups of about 10 million events, and a signed-in creator.
import { sql } from 'kysely';
import { createJiffy } from '../../apps/server/src/app/jiffy.ts';
import { describeAnalytics, seedAnalytics, sessionFor } from './seed.ts';
import { loadServerConfig } from '../support/load-server-config.ts';

const config = loadServerConfig();
// role 'api': no worker, so the roll-up job does not run while pingbacks are counted.
const jiffy = await createJiffy({ config, role: 'api', inMemoryDatabase: true });
const db = jiffy.database.db;
const started = Date.now();
await seedAnalytics(db, jiffy.defaultApiKey);
const setupMs = Date.now() - started;
// Each run counts its own pingbacks from an empty table.
await sql`TRUNCATE pingback_events`.execute(db);
const address = await jiffy.listen();

console.log(
  JSON.stringify({
    jiffy: address,
    session: await sessionFor(db, 'star'),
    smallSession: await sessionFor(db, 'c7'),
    setupMs,
    ...(await describeAnalytics(db)),
  }),
);
process.on('SIGTERM', () => {
  void jiffy.close().then(() => process.exit(0));
});
