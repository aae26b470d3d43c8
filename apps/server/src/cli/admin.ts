import { makeAdmin } from '../accounts/first-admin.ts';
import { loadConfig } from '../config/env.ts';
import { createJiffy } from '../jiffy.ts';

// `npm run admin -- create <username> [--email you@example.com]`: makes the first (or another)
// admin. An existing user is promoted; a new one gets a random password, printed once.
// On the embedded database, stop the server first (one process owns it).
const [command, username] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const emailArg =
  process.argv.find((a) => a.startsWith('--email='))?.slice('--email='.length) ?? null;
if (command !== 'create' || !username || !/^[A-Za-z0-9_]{2,30}$/.test(username)) {
  console.error('usage: npm run admin -- create <username> [--email=you@example.com]');
  process.exit(2);
}

const config = loadConfig({
  ...process.env,
  SEED_DEMO: 'false',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});
const jiffy = await createJiffy({ config, role: 'all', startWorkers: false });
try {
  const outcome = await makeAdmin(
    { users: jiffy.services.users, db: jiffy.database.db },
    { username, email: emailArg },
  );
  if (outcome.kind === 'promoted') console.log(`${outcome.username} is now an admin.`);
  else
    console.log(
      `Created admin ${outcome.username}. Password (shown once; change it after signing in): ${outcome.password}`,
    );
} finally {
  await jiffy.close();
}
