import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../platform/db/schema.ts';
import { addressBucket } from '../../platform/http/client-address.ts';
import { parseInput } from '../../platform/http/parse-input.ts';
import { cookieOptions, CSRF_COOKIE, SESSION_COOKIE } from './site-security.ts';
import { sessionCookie } from './current-user.ts';
import { newSecret } from './secret-token.ts';
import {
  confirmSchema,
  emailOnlySchema,
  loginSchema,
  registerSchema,
  resetSchema,
} from './account-input.schema.ts';
import type { AccountService, NewSession } from './account.service.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import {
  consumeOrRefuse,
  withRetryAfter,
  type AttemptLimits,
  type LimitRule,
} from './attempt-limits.ts';
import { SignInLimits } from './sign-in-limits.ts';
import { documented } from '../../platform/http/openapi/route-doc.ts';
import {
  accountStatusAnswer,
  buildAnswer,
  confirmAnswer,
  loginAnswer,
  sessionAnswer,
} from '@jiffy/contracts';

const MINUTE = 60;
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

/** Registration, confirmation, password reset, login/logout and who-am-I. */
export function accountsRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountService; limiter: AttemptLimits; build: { version: string } },
): void {
  const { accounts } = deps;
  const body = (request: FastifyRequest) => request.body ?? {};
  /** A limit on one kind of attempt: `hit(reply, key)` counts one, or answers 429. */
  const limit = (name: string, rule: LimitRule) => {
    const limiter = deps.limiter.limiter(name, rule);
    return (reply: FastifyReply, key: string) =>
      withRetryAfter(reply, consumeOrRefuse(limiter, key));
  };
  const registerPerIp = limit('register-ip', { points: 10, durationSeconds: HOUR });
  const registerPerEmail = limit('register-email', { points: 3, durationSeconds: HOUR });
  const confirmPerIp = limit('confirm-ip', { points: 20, durationSeconds: 10 * MINUTE });
  const confirmPerEmail = limit('confirm-email', { points: 5, durationSeconds: 10 * MINUTE });
  const resendPerIp = limit('resend-ip', { points: 10, durationSeconds: HOUR });
  const resendPerEmail = limit('resend-email', { points: 3, durationSeconds: HOUR });
  const resetPerIp = limit('reset-ip', { points: 20, durationSeconds: HOUR });
  // Reset mails for one address are counted per asker: a stranger asking for someone else's
  // resets spends their own allowance, not the owner's. The per-address cap bounds the mail one
  // mailbox can be sent by many askers.
  const resetPerAskerAndEmail = limit('reset-asker-email', { points: 3, durationSeconds: HOUR });
  const resetPerEmail = limit('reset-email', { points: 10, durationSeconds: HOUR });
  const signIn = new SignInLimits(deps.limiter);

  const register = documented({
    summary: 'Create an account; the e-mail address is confirmed next',
    description: 'The same answer whether or not the address already had an account.',
    body: registerSchema,
    auth: 'anonymous',
    responses: { 201: accountStatusAnswer },
  });
  app.post('/api/v3/register', register, async (request, reply) => {
    await registerPerIp(reply, request.ip);
    const input = parseInput(registerSchema, body(request));
    await registerPerEmail(reply, input.email.toLowerCase());
    await accounts.register(input);
    // The same answer whether or not the address already had an account.
    return reply.status(201).send({ data: { status: 'confirmation_sent' } });
  });

  /** Hands the browser a new session, with a fresh CSRF secret (one fixed before is void). */
  const signInReply = (request: FastifyRequest, reply: FastifyReply, session: NewSession) => {
    reply.setCookie(CSRF_COOKIE, newSecret(), cookieOptions(request, false));
    reply.setCookie(SESSION_COOKIE, session.token, cookieOptions(request, true, session.expiresAt));
  };

  const confirm = documented({
    summary: "Confirm an account's e-mail address, and sign it in",
    description:
      "The mailed link's `token`, or the address with the mailed six-digit `code`. Sets the session and a fresh CSRF cookie, as signing in does.",
    body: confirmSchema,
    auth: 'anonymous',
    responses: { 200: confirmAnswer },
  });
  app.post('/api/v3/register/confirm', confirm, async (request, reply) => {
    await confirmPerIp(reply, request.ip);
    const input = parseInput(confirmSchema, body(request));
    if ('email' in input) await confirmPerEmail(reply, input.email.toLowerCase());
    const session = await accounts.confirm(input);
    signInReply(request, reply, session);
    return { data: { status: 'confirmed' as const, user: presentSelf(session.user) } };
  });

  const resend = documented({
    summary: 'Send the confirmation e-mail again',
    body: emailOnlySchema,
    auth: 'anonymous',
    responses: { 200: accountStatusAnswer },
  });
  app.post('/api/v3/register/resend', resend, async (request, reply) => {
    await resendPerIp(reply, request.ip);
    const { email } = parseInput(emailOnlySchema, body(request));
    await resendPerEmail(reply, email.toLowerCase());
    await accounts.resendConfirmation(email);
    return { data: { status: 'sent_if_registered' } };
  });

  const reset = documented({
    summary: 'Ask for a password reset (`email`), or finish one (`token`, `password`)',
    body: resetSchema,
    auth: 'anonymous',
    responses: { 200: accountStatusAnswer },
  });
  app.post('/api/v3/password/reset', reset, async (request, reply) => {
    await resetPerIp(reply, request.ip);
    const input = parseInput(resetSchema, body(request));
    if ('token' in input) {
      const { apiTokensRevoked } = await accounts.completePasswordReset(input);
      // A new CSRF secret too: one planted or read before the reset is worth nothing after it.
      reply.setCookie(CSRF_COOKIE, newSecret(), cookieOptions(request, false));
      return { data: { status: 'password_changed', api_tokens_revoked: apiTokensRevoked } };
    }
    const email = input.email.toLowerCase();
    await resetPerAskerAndEmail(reply, `${addressBucket(request.ip)} ${email}`);
    await resetPerEmail(reply, email);
    // Only queues the mail: the answer and its time are the same whether the address has an
    // account or not.
    await accounts.requestPasswordReset(input.email);
    return { data: { status: 'sent_if_registered' } };
  });

  const login = documented({
    summary: 'Sign in: sets the session and a fresh CSRF cookie',
    description: '`loginType` may also come in the query.',
    body: loginSchema,
    auth: 'anonymous',
    responses: { 200: loginAnswer },
  });
  app.post('/api/v3/login', login, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const raw = body(request) as Record<string, unknown>;
    const input = parseInput(loginSchema, { loginType: query.loginType, ...raw });
    // Counted per account, whether it is named by username or by e-mail.
    const account = await accounts.signInKey(input.login);
    const { delayMs } = await withRetryAfter(reply, signIn.admit(account, request.ip));
    // A slowed-down account waits before every check: guessing gets slow, the owner still gets in.
    if (delayMs > 0) await sleep(delayMs);
    const session = await accounts.login(input).catch(async (error: unknown) => {
      if (error instanceof AppError && error.code === 'invalid_credentials')
        await signIn.failed(account, request.ip);
      throw error;
    });
    await signIn.succeeded(account, request.ip);
    signInReply(request, reply, session);
    return { data: { user: presentSelf(session.user), login_type: input.loginType } };
  });

  const logout = documented({
    summary: 'Sign out',
    responses: { 200: accountStatusAnswer },
    // Signs out the session the cookie names, if there is one.
    auth: 'optional-session',
  });
  app.post('/api/v3/logout', logout, async (request, reply) => {
    const token = sessionCookie(request);
    if (token) {
      await accounts.logout(token);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    }
    return { data: { status: 'signed_out' } };
  });

  const check = documented({
    summary: 'Who is signed in (and hands out the CSRF cookie)',
    responses: { 200: sessionAnswer },
    auth: 'optional-session',
  });
  app.get('/login/check', check, async (request) => {
    const user = request.principal;
    return {
      data: user ? { logged_in: true, user: presentSelf(user) } : { logged_in: false, user: null },
    };
  });

  const build = documented({
    summary: "The server's version",
    responses: { 200: buildAnswer },
    auth: 'anonymous',
  });
  app.get('/api/v3/env/build', build, async () => ({
    data: { name: 'jiffy', version: deps.build.version, node: process.version },
  }));
}
