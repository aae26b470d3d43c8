import { operatorRequest, type OperatorRequest } from '../operator/operator-protocol.ts';
import { parseOptions } from './args.ts';

/** `npm run admin -- --help`: every command. */
export const ADMIN_USAGE = `usage: npm run admin -- <command>

commands:
  create <username> [--email=you@example.com]
      Make an admin: promotes an existing user, or creates a confirmed account whose
      random password is printed once.
  role <username> moderator|admin|user
      Give a staff role, or take it back with "user" (a creator who was made staff
      becomes a creator again). The instance's last admin keeps the role.
  --help
      This list.

Works while the server runs: on the embedded database the command goes through the
server's socket in DATA_DIR (only the account that owns DATA_DIR may use it); on a
PostgreSQL server (DATABASE_URL) it acts on the database directly. Every change is
written to the moderation audit log.`;

/** True when the arguments ask for the list of commands. */
export const asksForHelp = (argv: string[]) =>
  argv.length === 0 || argv.some((arg) => arg === '--help' || arg === '-h' || arg === 'help');

/** The request `argv` makes; throws with what is wrong with them. */
export function parseAdminCommand(argv: string[]): OperatorRequest {
  const { options, positional } = parseOptions(argv, { values: ['email'], flags: [] });
  const email = options.get('email');
  const [command, username] = positional;
  const shape =
    command === 'create'
      ? { command, username, email: typeof email === 'string' ? email : null }
      : { command, username, role: positional[2] };
  const extra = positional.slice(command === 'create' ? 2 : 3);
  if (extra.length > 0) throw new Error(`unexpected arguments: ${extra.join(' ')}`);
  if (command !== 'create' && email !== undefined) throw new Error('--email is for create only');
  const parsed = operatorRequest.safeParse(shape);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.');
  throw new Error(field ? `${field}: ${issue.message}` : issue.message);
}
