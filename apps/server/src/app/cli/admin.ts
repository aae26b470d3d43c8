import { loadConfig } from '../config/env.ts';
import { askRunningServer } from '../operator/operator-socket.client.ts';
import type { OperatorAnswer, OperatorRequest } from '../operator/operator-protocol.ts';
import type { Config } from '../config/env.ts';
import { ADMIN_USAGE, asksForHelp, parseAdminCommand } from './admin-command.ts';

// `npm run admin -- <command>`: the operator's commands (ADMIN_USAGE lists them).
const argv = process.argv.slice(2);
if (asksForHelp(argv)) {
  console.log(ADMIN_USAGE);
  process.exit(0);
}
let request: OperatorRequest;
try {
  request = parseAdminCommand(argv);
} catch (error) {
  console.error(`${(error as Error).message}\n\n${ADMIN_USAGE}`);
  process.exit(2);
}

const config = loadConfig({
  ...process.env,
  SEED_DEMO: 'false',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});

/** Opens the database itself: a PostgreSQL server, or the embedded one nobody else holds. */
async function runDirectly(config: Config, request: OperatorRequest): Promise<OperatorAnswer> {
  // The server's thousand-odd modules load only here: a mistyped command line, or one the
  // running server answers, is answered without them (seconds sooner).
  const [{ createJiffy }, { runOperatorCommand }] = await Promise.all([
    import('../jiffy.ts'),
    import('../operator/operator-commands.ts'),
  ]);
  const jiffy = await createJiffy({ config, role: 'all', startWorkers: false });
  try {
    return await runOperatorCommand(jiffy.services, request);
  } finally {
    await jiffy.close();
  }
}

// The embedded database belongs to the running server, if one is: it is asked to do it.
const answer =
  (config.DATABASE_URL ? null : await askRunningServer(config.DATA_DIR, request)) ??
  (await runDirectly(config, request));
if (answer.ok) console.log(answer.message);
else {
  console.error(answer.error);
  process.exit(1);
}
