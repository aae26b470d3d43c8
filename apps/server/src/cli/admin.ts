import { hashPassword } from '../accounts/password-hash.ts';
import { newSecret } from '../accounts/secret-token.ts';
import { loadConfig } from '../config/env.ts';
import { createJiffy } from '../jiffy.ts';
import { newUserId } from '../lib/ids.ts';

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
  const { users } = jiffy.services;
  const existing = await users.findByUsername(username);
  if (existing) {
    await jiffy.database.db
      .updateTable('users')
      .set({ role: 'admin', updated_at: new Date() })
      .where('id', '=', existing.id)
      .execute();
    console.log(`${existing.username} is now an admin.`);
  } else {
    const password = newSecret().slice(0, 20);
    await users.insert({
      id: newUserId(),
      username,
      display_name: username,
      email: emailArg,
      email_confirmed_at: new Date(),
      password_hash: await hashPassword(password),
      role: 'admin',
    });
    console.log(
      `Created admin ${username}. Password (shown once; change it after signing in): ${password}`,
    );
  }
} finally {
  await jiffy.close();
}
