import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.ts';
import { parseInput } from '../http/parse-input.ts';
import { cookieOptions, SESSION_COOKIE } from '../http/site-security.ts';
import {
  confirmSchema,
  emailOnlySchema,
  loginSchema,
  registerSchema,
  resetSchema,
} from './account-input.schema.ts';
import type { AccountService } from './account.service.ts';
import type { AttemptLimiter } from './attempt-limiter.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What the signed-in user sees of their own account. */
function presentSelf(user: UserRow) {
  return {
    id: user.id,
    username: user.username,
    display_name: user.display_name || user.username,
    email: user.email,
    role: user.role,
    is_verified: user.is_verified,
  };
}

/** Registration, confirmation, password reset, login/logout and who-am-I (§7). */
export function accountsRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountService; limiter: AttemptLimiter; build: { version: string } },
): void {
  const { accounts, limiter } = deps;
  const body = (request: FastifyRequest) => request.body ?? {};

  app.post('/api/v3/register', async (request, reply) => {
    await limiter.hit(`register:ip:${request.ip}`, 10, HOUR);
    const input = parseInput(registerSchema, body(request));
    await limiter.hit(`register:email:${input.email.toLowerCase()}`, 3, HOUR);
    await accounts.register(input);
    // The same answer whether or not the address already had an account.
    return reply.status(201).send({ data: { status: 'confirmation_sent' } });
  });

  app.post('/api/v3/register/confirm', async (request) => {
    await limiter.hit(`confirm:ip:${request.ip}`, 20, 10 * MINUTE);
    const input = parseInput(confirmSchema, body(request));
    if ('email' in input)
      await limiter.hit(`confirm:email:${input.email.toLowerCase()}`, 5, 10 * MINUTE);
    await accounts.confirm(input);
    return { data: { status: 'confirmed' } };
  });

  app.post('/api/v3/register/resend', async (request) => {
    await limiter.hit(`resend:ip:${request.ip}`, 10, HOUR);
    const { email } = parseInput(emailOnlySchema, body(request));
    await limiter.hit(`resend:email:${email.toLowerCase()}`, 3, HOUR);
    await accounts.resendConfirmation(email);
    return { data: { status: 'sent_if_registered' } };
  });

  app.post('/api/v3/password/reset', async (request) => {
    await limiter.hit(`reset:ip:${request.ip}`, 20, HOUR);
    const input = parseInput(resetSchema, body(request));
    if ('token' in input) {
      await accounts.completePasswordReset(input);
      return { data: { status: 'password_changed' } };
    }
    await limiter.hit(`reset:email:${input.email.toLowerCase()}`, 3, HOUR);
    await accounts.requestPasswordReset(input.email);
    return { data: { status: 'sent_if_registered' } };
  });

  app.post('/api/v3/login', async (request, reply) => {
    await limiter.hit(`login:ip:${request.ip}`, 30, 10 * MINUTE);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const raw = body(request) as Record<string, unknown>;
    const input = parseInput(loginSchema, { loginType: query.loginType, ...raw });
    await limiter.hit(`login:account:${input.login.toLowerCase()}`, 10, 10 * MINUTE);
    const session = await accounts.login(input);
    reply.setCookie(SESSION_COOKIE, session.token, cookieOptions(request, true, session.expiresAt));
    return { data: { user: presentSelf(session.user), login_type: input.loginType } };
  });

  app.post('/api/v3/logout', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await accounts.logout(token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { data: { status: 'signed_out' } };
  });

  app.get('/login/check', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    const user = token ? await accounts.sessionUser(token) : null;
    return {
      data: user ? { logged_in: true, user: presentSelf(user) } : { logged_in: false, user: null },
    };
  });

  app.get('/api/v3/env/build', async () => ({
    data: { name: 'jiffy', version: deps.build.version, node: process.version },
  }));
}
