import type { NamedCache } from '../../platform/cache/named-cache.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { JobRequest } from '../../platform/jobs/job-types.ts';
import { newUserId } from '../../platform/lib/ids.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { UserRepository } from '../users/index.ts';
import type { AccountRepository } from './account.repository.ts';
import type { PendingSignupRepository } from './pending-signup.repository.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './password-hash.ts';
import { hashSecret, newCode, newSecret } from './secret-token.ts';
import { isReservedUsername } from './reserved-usernames.ts';

const HOUR = 3600_000;
const CONFIRM_TTL = 48 * HOUR;
const RESET_TTL = 1 * HOUR;
const SESSION_TTL = 30 * 24 * HOUR;

export interface AccountServiceDeps {
  accounts: AccountRepository;
  pending: PendingSignupRepository;
  users: UserRepository;
  mailer: Mailer;
  publicUrl: string;
  /** Where work that follows an answer (reset mails) is queued. */
  jobs: { enqueue(job: JobRequest): Promise<unknown> };
  /**
   * The users of live sessions, by the session's hash, kept for a moment (every signed-in
   * request asks) and forgotten whenever a user or session is written (account-services.ts).
   */
  sessionUsers: NamedCache<UserRow>;
}

/**
 * Said only to whoever gave the account's password: the address it waits on comes with it, so
 * the site can offer to confirm it even when the login was a username.
 */
const notConfirmed = (email: string | null) =>
  new AppError(
    'email_not_confirmed',
    'Confirm your e-mail address first; we can send the e-mail again.',
    email ? { details: { email } } : undefined,
  );

/** A signed-in session: the secret for the cookie, and whose it is. */
export interface NewSession {
  token: string;
  user: UserRow;
  expiresAt: Date;
}

/**
 * Registration, confirmation, password reset and sign-in. Answers never tell whether an e-mail
 * address has an account: the caller gets the same response either way, and the owner of the
 * address is told by e-mail instead.
 */
export class AccountService {
  readonly #deps: AccountServiceDeps;
  constructor(deps: AccountServiceDeps) {
    this.#deps = deps;
  }

  /**
   * Records a sign-up and mails its address. Whether or not the address has an account, the
   * same work is done (a scrypt hash, a pending sign-up reserving the username, one e-mail)
   * and the same answer given, so neither the answer, its time, nor a second registration
   * with the same username (409 either way) tells whether the address has an account. The
   * account itself is created when the address is confirmed.
   */
  async register(input: { username: string; email: string; password: string }): Promise<void> {
    const { accounts, users, pending, mailer } = this.#deps;
    const taken = () => new AppError('username_taken', 'That username is taken.');
    if (
      isReservedUsername(input.username) ||
      (await users.findByUsername(input.username)) ||
      (await pending.usernameReserved(input.username))
    )
      throw taken();
    const hasAccount = (await accounts.findByEmail(input.email)) !== undefined;
    const id = newUserId();
    const token = newSecret();
    const code = newCode();
    const recorded = await pending.insert({
      id,
      username: input.username,
      email: input.email,
      password_hash: await hashPassword(input.password),
      token_hash: hashSecret(token),
      code_hash: hashSecret(`${id}:${code}`),
      expires_at: new Date(Date.now() + CONFIRM_TTL),
    });
    if (!recorded) throw taken();
    // The only difference: which e-mail the address's owner gets (the link only if it is new).
    if (hasAccount)
      await mailer.send({
        to: input.email,
        subject: 'Someone tried to sign up with your e-mail',
        text: `Somebody tried to create a Jiffy account with this address, which already has one.\nIf it was you, sign in or reset your password at ${this.#deps.publicUrl}/password.`,
      });
    else await this.#mailConfirmation(input.email, token, code);
  }

  async #mailConfirmation(email: string, token: string, code: string): Promise<void> {
    await this.#deps.mailer.send({
      to: email,
      subject: 'Confirm your Jiffy account',
      text: `Your confirmation code: ${code}\nOr open ${this.#deps.publicUrl}/join?confirm=${token}\nIt works once, for 48 hours.`,
    });
  }

  /** A confirmation for an account made before sign-ups waited (unconfirmed users rows). */
  async #sendLegacyConfirmation(userId: string, email: string): Promise<void> {
    const token = newSecret();
    const code = newCode();
    await this.#deps.accounts.insertToken({
      tokenHash: hashSecret(token),
      codeHash: hashSecret(`${userId}:${code}`),
      userId,
      purpose: 'confirm_email',
      expiresAt: new Date(Date.now() + CONFIRM_TTL),
    });
    await this.#mailConfirmation(email, token, code);
  }

  /**
   * Confirms with the e-mail's link token, or with the address and the typed code: a waiting
   * sign-up becomes an account (or an unconfirmed account from before, confirmed), and is
   * signed in. Whoever confirms holds the mailbox, which could reset the password anyway; a
   * person who just proved their address expects to be in, not to type the password again.
   */
  async confirm(input: { token: string } | { email: string; code: string }): Promise<NewSession> {
    const { accounts, pending, users } = this.#deps;
    const invalid = () =>
      new AppError('invalid_token', 'That confirmation is not valid (used, expired or mistyped).');
    const signup =
      'token' in input
        ? await pending.findLiveByToken(hashSecret(input.token))
        : await pending.findLiveByCode(input.email, (row) => hashSecret(`${row.id}:${input.code}`));
    if (signup) {
      const user = await pending.promote(signup.id, newUserId());
      if (!user) throw invalid();
      return this.#startSession(user, null);
    }
    let userId: string | null = null;
    if ('token' in input) {
      userId = await accounts.consumeToken(hashSecret(input.token), 'confirm_email');
    } else {
      const user = await accounts.findByEmail(input.email);
      const codeHash = hashSecret(`${user?.id ?? 'nobody'}:${input.code}`);
      if (user && (await accounts.consumeCode(user.id, codeHash, 'confirm_email')))
        userId = user.id;
    }
    if (!userId) throw invalid();
    await accounts.confirmEmail(userId);
    const user = await users.findById(userId);
    if (!user) throw invalid();
    return this.#startSession(user, null);
  }

  /** Sends a new confirmation when the address has a waiting sign-up (or unconfirmed account). */
  async resendConfirmation(email: string): Promise<void> {
    const user = await this.#deps.accounts.findByEmail(email);
    if (user) {
      if (!user.email_confirmed_at && user.email)
        await this.#sendLegacyConfirmation(user.id, user.email);
      return;
    }
    // No account for the address: its newest waiting sign-up gets a new link and code.
    const signup = await this.#deps.pending.findLiveByLogin(email);
    if (!signup) return;
    const token = newSecret();
    const code = newCode();
    await this.#deps.pending.replaceSecrets(signup.id, {
      tokenHash: hashSecret(token),
      codeHash: hashSecret(`${signup.id}:${code}`),
      expiresAt: new Date(Date.now() + CONFIRM_TTL),
    });
    await this.#mailConfirmation(signup.email, token, code);
  }

  /**
   * Asks for a reset link for `email`: only a job is queued, the same work whether or not the
   * address has an account, so neither the answer nor its time tells. The job (mailPasswordReset)
   * looks the address up and mails; queued durably, it is sent even if this process stops now.
   */
  async requestPasswordReset(email: string): Promise<void> {
    await this.#deps.jobs.enqueue({ name: 'account.password-reset-mail', data: { email } });
  }

  /** Mails a one-hour reset link to the account of `email`, if there is one (the job's work). */
  async mailPasswordReset(email: string): Promise<void> {
    const user = await this.#deps.accounts.findByEmail(email);
    if (!user?.email) return;
    const token = newSecret();
    await this.#deps.accounts.insertToken({
      tokenHash: hashSecret(token),
      codeHash: null,
      userId: user.id,
      purpose: 'reset_password',
      expiresAt: new Date(Date.now() + RESET_TTL),
    });
    await this.#deps.mailer.send({
      to: user.email,
      subject: 'Reset your Jiffy password',
      text: `Choose a new password at ${this.#deps.publicUrl}/password?token=${token}\nThe link works once, for one hour.`,
    });
  }

  /**
   * Sets a new password with a reset token. Whoever had the old password may have made API
   * tokens, signed in elsewhere or asked for more reset links: all of those end with it.
   * Resolves to the number of personal API tokens ended, so the owner can make new ones.
   */
  async completePasswordReset(input: {
    token: string;
    password: string;
  }): Promise<{ apiTokensRevoked: number }> {
    // Hashed first: the transaction holds no row lock while scrypt runs.
    const passwordHash = await hashPassword(input.password);
    const done = await this.#deps.accounts.completeReset(hashSecret(input.token), passwordHash);
    if (!done)
      throw new AppError('invalid_token', 'That reset link is not valid (used or expired).');
    return { apiTokensRevoked: done.apiTokensRevoked };
  }

  /**
   * The key sign-in limits count under: the account's id when the login names one (by username
   * or e-mail alike), else the login as typed, so unknown names are limited the same way.
   */
  async signInKey(login: string): Promise<string> {
    const user = login.includes('@')
      ? await this.#deps.accounts.findByEmail(login)
      : await this.#deps.users.findByUsername(login);
    return user ? `user:${user.id}` : `login:${login.toLowerCase()}`;
  }

  /** Signs in with a username or e-mail; the same error (and time) for unknown and wrong. */
  async login(input: {
    login: string;
    password: string;
    loginType: string | null;
  }): Promise<NewSession> {
    const { accounts, users, pending } = this.#deps;
    // A waiting sign-up with this password answers as an unconfirmed account does (the site
    // then offers to confirm it), whether or not its address has an account.
    const signup = await pending.findLiveByLogin(input.login);
    if (signup && (await verifyPassword(input.password, signup.password_hash)))
      throw notConfirmed(signup.email);
    const user = input.login.includes('@')
      ? await accounts.findByEmail(input.login)
      : await users.findByUsername(input.login);
    const ok = user?.password_hash
      ? await verifyPassword(input.password, user.password_hash)
      : await verifyAgainstNothing(input.password);
    if (!user || !ok)
      throw new AppError('invalid_credentials', 'Wrong username, e-mail or password.');
    if (!user.email_confirmed_at) throw notConfirmed(user.email);
    return this.#startSession(user, input.loginType);
  }

  /** A new session for `user`: its secret for the cookie, stored only as a hash. */
  async #startSession(user: UserRow, loginType: string | null): Promise<NewSession> {
    const token = newSecret();
    const expiresAt = new Date(Date.now() + SESSION_TTL);
    await this.#deps.accounts.insertSession({
      tokenHash: hashSecret(token),
      userId: user.id,
      loginType,
      expiresAt,
    });
    return { token, user, expiresAt };
  }

  async logout(token: string): Promise<void> {
    await this.#deps.accounts.deleteSession(hashSecret(token));
  }

  /**
   * The user a session cookie belongs to, if it is live. Kept a second at most, so another
   * node's (or process's) change of the user or end of the session shows within a second;
   * this process's own writes show at once.
   */
  async sessionUser(token: string): Promise<UserRow | null> {
    const { sessionUsers, accounts } = this.#deps;
    const tokenHash = hashSecret(token);
    const kept = sessionUsers.get(tokenHash);
    if (kept) return kept;
    const purges = sessionUsers.purges;
    const user = await accounts.findSessionUser(tokenHash);
    // Only live sessions are kept (made-up cookies would push real ones out), and not when a
    // user or session was written while the row was read: it may be the row from before.
    if (user && sessionUsers.purges === purges) sessionUsers.set(tokenHash, user);
    return user ?? null;
  }
}
