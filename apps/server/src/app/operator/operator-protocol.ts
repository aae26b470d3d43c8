import path from 'node:path';
import { z } from 'zod';
import { staffRoleChoices } from '../../modules/accounts/index.ts';

/**
 * The running server's operator socket: `npm run admin` asks the server through it while the
 * server holds the embedded database. It sits in a folder only the data's owner may open
 * (0700), and is itself 0600: being able to connect is the proof of being that account.
 */
export function operatorSocketPath(dataDir: string): string {
  return path.join(dataDir, 'control', 'admin.sock');
}

/** A request or an answer is one line of JSON; nothing sent to the socket is longer. */
export const MAX_OPERATOR_MESSAGE_BYTES = 16 * 1024;

const username = z
  .string()
  .regex(/^[A-Za-z0-9_]{2,30}$/, 'letters, digits and underscores, 2–30 characters');

/** What the operator may ask: the admin CLI's commands that change the database. */
export const operatorRequest = z.discriminatedUnion('command', [
  z.strictObject({
    command: z.literal('create'),
    username,
    email: z.string().trim().max(254).pipe(z.email('not an e-mail address')).nullable(),
  }),
  z.strictObject({ command: z.literal('role'), username, role: z.enum(staffRoleChoices) }),
]);
export type OperatorRequest = z.infer<typeof operatorRequest>;

/** The answer: what was done, in words for the operator, or why nothing was. */
export const operatorAnswer = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), message: z.string() }),
  z.strictObject({ ok: z.literal(false), error: z.string() }),
]);
export type OperatorAnswer = z.infer<typeof operatorAnswer>;
