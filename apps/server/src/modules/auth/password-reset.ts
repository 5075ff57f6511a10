import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Repositories } from '../../repositories.ts';
import { badRequest } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashSecret, newSecret } from '../../lib/secrets.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { passwordReset, welcomePassword } from '../emails/accounts.ts';
import { enqueueEmail } from '../jobs/email.ts';
import type { RateCounters } from '../../lib/rate-counter-repository.ts';
import type { UserRepository, UserRow } from '../users/repository.ts';
import { proveMailbox } from './prove-mailbox.ts';

export const RESET_TOKEN_TTL_MINUTES = 60;
/** A new guest account's first password link lasts longer: they may not read mail at once. */
export const WELCOME_TOKEN_TTL_DAYS = 7;
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email, we have sent a link to reset the password.';
const INVALID_TOKEN_MESSAGE =
  'This reset link is invalid or has expired. Please ask for a new one.';

export interface PasswordResetDeps {
  repos: Repositories;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * A single-use reset token for the user (only its hash is stored; older unused tokens of the user
 * are voided). Whoever is given it may choose the account's password: hand it only to someone
 * who proved the mailbox (a mailed link).
 */
export async function createResetToken(
  repos: Pick<Repositories, 'passwordResets'>,
  userId: string,
  purpose: 'reset' | 'welcome' = 'reset',
): Promise<string> {
  const token = newSecret();
  const minutes =
    purpose === 'welcome' ? WELCOME_TOKEN_TTL_DAYS * 24 * 60 : RESET_TOKEN_TTL_MINUTES;
  await repos.passwordResets.replaceToken(
    userId,
    hashSecret(token),
    new Date(Date.now() + minutes * 60_000),
  );
  return token;
}

/** Makes a reset token and mails the link, built from PUBLIC_URL, never from a request's Host. */
export async function sendPasswordReset(
  deps: PasswordResetDeps,
  user: UserRow,
  purpose: 'reset' | 'welcome' = 'reset',
) {
  const token = await createResetToken(deps.repos, user.id, purpose);
  const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const company = deps.config.companyName;
  // Queued like every other mail: a mail server that is down delays the link, it does not lose
  // it (jobs retry for a day). The sent body is not kept (jobs/repository.ts).
  await enqueueEmail(deps.repos.jobs, {
    to: user.email,
    ...(purpose === 'welcome'
      ? welcomePassword({
          companyName: company,
          firstName: user.firstName,
          email: user.email,
          link,
          validDays: WELCOME_TOKEN_TTL_DAYS,
        })
      : passwordReset({
          companyName: company,
          firstName: user.firstName,
          link,
          validMinutes: RESET_TOKEN_TTL_MINUTES,
        })),
  });
}

/**
 * The 'choose a password' mail of an account a guest's order made, once per account however many
 * orders it pays (docs/product.md#guest-checkout): not when it was ever mailed a password link,
 * and, for payments finishing at the same moment, one job by its key; the token is stored only
 * with the mail that carries it. True when this call queued it.
 */
export async function sendWelcomeOnce(deps: PasswordResetDeps, user: UserRow): Promise<boolean> {
  if (await deps.repos.passwordResets.hasAny(user.id)) return false;
  const token = newSecret();
  const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return deps.repos.transaction(async (r) => {
    const queued = await enqueueEmail(
      r.jobs,
      {
        to: user.email,
        ...welcomePassword({
          companyName: deps.config.companyName,
          firstName: user.firstName,
          email: user.email,
          link,
          validDays: WELCOME_TOKEN_TTL_DAYS,
        }),
      },
      `welcome-password:${user.id}`,
    );
    if (!queued) return false;
    await r.passwordResets.replaceToken(
      user.id,
      hashSecret(token),
      new Date(Date.now() + WELCOME_TOKEN_TTL_DAYS * 24 * 3600_000),
    );
    return true;
  });
}

/** Reset mails one account gets in an hour, from any address (docs/decisions/006). */
export const RESET_MAILS_PER_HOUR = 3;

/**
 * 'Forgot password?': the same answer whether or not the account exists, with the mail sent after
 * answering. An account gets at most RESET_MAILS_PER_HOUR links an hour however many addresses
 * ask, so nobody can fill a stranger's mailbox from behind rotating addresses; the newest link
 * voids the older ones, so a person who lost the mail still has the last one that went.
 */
export async function requestPasswordReset(
  deps: PasswordResetDeps & { rateCounters: RateCounters; users: UserRepository },
  email: string,
  runAfterAnswer: (work: () => Promise<void>) => void,
): Promise<{ known: boolean; sent: boolean }> {
  const user = await deps.users.findByEmail(email);
  if (!user) return { known: false, sent: false };
  const { hits } = await deps.rateCounters.hit(`reset-mail:${user.id}`, 3600_000);
  if (hits > RESET_MAILS_PER_HOUR) return { known: true, sent: false };
  runAfterAnswer(() => sendPasswordReset(deps, user));
  return { known: true, sent: true };
}

/**
 * Sets the new password, spends the token, and ends every older sign-in of that user. The link
 * came by mail, so this proves the address: the first proof starts the account afresh
 * (proveMailbox, decision 088).
 */
export async function resetPassword(
  deps: PasswordResetDeps,
  token: string,
  password: string,
  ip: string,
) {
  const userId = await deps.repos.passwordResets.spendToken(
    hashSecret(token),
    await hashPassword(password),
  );
  if (!userId) throw badRequest(INVALID_TOKEN_MESSAGE);
  await proveMailbox(deps, userId, { how: 'password reset', ip });
  return userId;
}
