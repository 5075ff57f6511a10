import { isStaffRole } from '@noise/shared/roles';
import { displayNameOf } from '@noise/shared/user';
import type { Config } from '../../config.ts';
import { conflict, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { TokenSigner } from '../../lib/tokens.ts';
import type { Repositories } from '../../repositories.ts';
import type { AuditRepository } from '../audit/repository.ts';
import type { UserRepository, UserRow } from '../users/repository.ts';
import { emitCustomerCreated } from '../webhooks/customer-events.ts';
import { accountKey, type AccountLimiter } from './account-limit.ts';
import type { SessionRepository } from './session-repository.ts';
import type { TwoFactor, TwoFactorChallenge } from './two-factor.ts';
import { sendEmailConfirmation } from './verify-email.ts';

export interface AuthDeps {
  config: Config;
  users: UserRepository;
  sessions: SessionRepository;
  signer: TokenSigner;
  twoFactor: TwoFactor;
}

/**
 * What a right password earns: a sign-in token, or, when a second step is due
 * (docs/product.md#two-factor-sign-in), the challenge to answer first and no token.
 */
export type SignInOutcome =
  | { user: UserRow; token: string; challenge?: undefined }
  | { user: UserRow; token?: undefined; challenge: TwoFactorChallenge };

/**
 * The token, unless the account has a second step to pass first. Every way in with a password
 * or a provider goes through here, so none of them skips the second step.
 */
export async function finishFirstStep(
  deps: AuthDeps,
  user: UserRow,
  options: { rememberMe?: boolean; deviceToken?: string } = {},
): Promise<SignInOutcome> {
  const challenge = await deps.twoFactor.challenge(user, options);
  if (challenge) return { user, challenge };
  return { user, token: await issueToken(deps, user, { rememberMe: options.rememberMe }) };
}

/** Token lifetime: customers and staff TOKEN_TTL_HOURS (24 h); staff 'Remember Me' REMEMBER_ME_TTL_DAYS (30 d). */
export async function issueToken(
  deps: AuthDeps,
  user: UserRow,
  options: { rememberMe?: boolean } = {},
) {
  const ttlMs = options.rememberMe
    ? deps.config.rememberMeTtlDays * 24 * 3600 * 1000
    : deps.config.tokenTtlHours * 3600 * 1000;
  const expiresAt = new Date(Date.now() + ttlMs);
  const sessionId = await deps.sessions.create(user.id, expiresAt);
  return deps.signer.sign({ sub: user.id, sid: sessionId, ver: user.tokenVersion }, expiresAt);
}

/**
 * A new customer account, signed in at once, and the mail with the link that proves its address:
 * until it is opened the account may buy for itself but not change a team or its sign-in
 * (decision 088).
 */
export async function signUp(
  deps: AuthDeps & { repos: Repositories },
  input: {
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber: string;
    password: string;
  },
) {
  const taken = await deps.users.findByEmail(input.email);
  if (taken) throw emailTaken();
  const user = await deps.users.insertIfEmailFree(
    {
      email: input.email,
      passwordHash: await hashPassword(input.password),
      role: 'client',
      firstName: input.firstName,
      lastName: input.lastName,
      contactNumber: input.phoneNumber,
    },
    (tx, made) => emitCustomerCreated(tx, made, 'email'),
  );
  // Two sign-ups racing for one email: the unique index lets one through.
  if (!user) throw emailTaken();
  await sendEmailConfirmation(deps, user);
  return { user, token: await issueToken(deps, user) };
}

function emailTaken() {
  return conflict('An account with this email already exists. Please sign in instead.');
}

/**
 * Checks a password against an account, counting failures per account (any address): a paused
 * account answers 429 before the password is looked at, whether or not it is right. Answers the
 * account the login names (if any) and, when the password opens it and it may sign in here, the
 * signed-in user.
 */
async function checkPassword(
  deps: AuthDeps,
  limiter: AccountLimiter,
  login: string,
  password: string,
  allowed: (user: UserRow) => boolean,
): Promise<{ account: UserRow | undefined; user: UserRow | undefined }> {
  const account = await deps.users.findByLogin(login);
  const key = accountKey(account, login);
  await limiter.attempt(key);
  const ok = await verifyPassword(account?.passwordHash, password);
  if (!account || !ok || !allowed(account)) return { account, user: undefined };
  await limiter.succeeded(key);
  return { account, user: account };
}

/** Customer sign-in by email or username. Unknown account and wrong password answer alike. */
export async function signIn(
  deps: AuthDeps,
  limiter: AccountLimiter,
  input: { username: string; password: string; deviceToken?: string },
): Promise<SignInOutcome> {
  const { user } = await checkPassword(deps, limiter, input.username, input.password, () => true);
  if (!user) throw unauthorized('Invalid email/username or password');
  return finishFirstStep(deps, user, { deviceToken: input.deviceToken });
}

/**
 * Staff sign-in: a wrong password and a non-staff account get the same answer. The audit log
 * records each sign-in, and each wrong password for a staff account. Logins that name no staff
 * account are only logged: anyone can send those, and the log keeps every entry for good. The
 * per-account limit bounds the refusals it records: a paused account's attempts are refused
 * before their password is checked, and are not recorded.
 */
export async function signInStaff(
  deps: AuthDeps & { audit: AuditRepository },
  limiter: AccountLimiter,
  input: {
    login: string;
    password: string;
    rememberMe?: boolean;
    deviceToken?: string;
    ip: string;
  },
): Promise<SignInOutcome> {
  const { account, user } = await checkPassword(deps, limiter, input.login, input.password, (u) =>
    isStaffRole(u.role),
  );
  if (!user) {
    if (account && isStaffRole(account.role)) {
      await deps.audit.record({
        actorId: null,
        actorName: '',
        action: 'auth.staff_sign_in_refused',
        entityType: 'user',
        entityId: account.id,
        summary: `Refused a staff sign-in as ${account.email}: wrong password`,
        ip: input.ip,
        apiKey: null,
      });
    }
    throw unauthorized('Invalid email or password, or access denied');
  }
  const outcome = await finishFirstStep(deps, user, input);
  // With a second step due, the sign-in is recorded when that step is passed.
  if (outcome.token) await recordStaffSignIn(deps, user, input.ip, 'Signed in to the staff area');
  return outcome;
}

export async function recordStaffSignIn(
  deps: { audit: AuditRepository },
  user: UserRow,
  ip: string,
  summary: string,
) {
  await deps.audit.record({
    actorId: user.id,
    actorName: displayNameOf(user) || user.email,
    action: 'auth.staff_signed_in',
    entityType: 'user',
    entityId: user.id,
    summary,
    ip,
    apiKey: null,
  });
}
