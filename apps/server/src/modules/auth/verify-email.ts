import type { VerifyEmailResponse } from '@noise/shared/auth';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { RateCounters } from '../../lib/rate-counter-repository.ts';
import { hashSecret, newSecret } from '../../lib/secrets.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { confirmEmail } from '../emails/accounts.ts';
import { enqueueEmail } from '../jobs/email.ts';
import type { UserRow } from '../users/repository.ts';
import type { PasswordResetDeps } from './password-reset.ts';
import { proveMailbox } from './prove-mailbox.ts';

/** How long a 'Confirm your email' link works. */
export const CONFIRM_LINK_DAYS = 7;
/** Confirmation mails one account may ask for in an hour (the sign-up's own counts). */
export const CONFIRM_MAILS_PER_HOUR = 3;
const INVALID =
  'This confirmation link is invalid or has expired. Sign in and send yourself a new one from your dashboard.';

/** Mails the account a single-use link that proves its address (decision 088). */
export async function sendEmailConfirmation(
  deps: Pick<PasswordResetDeps, 'repos' | 'config'>,
  user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
) {
  const token = newSecret();
  const expiresAt = new Date(Date.now() + CONFIRM_LINK_DAYS * 24 * 3600_000);
  await deps.repos.emailVerifications.replaceToken(
    user.id,
    user.email,
    hashSecret(token),
    expiresAt,
  );
  await enqueueEmail(deps.repos.jobs, {
    to: user.email,
    ...confirmEmail({
      companyName: deps.config.companyName,
      firstName: user.firstName,
      email: user.email,
      link: `${deps.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`,
      validDays: CONFIRM_LINK_DAYS,
    }),
  });
}

/** 'Send the link again': a proven account needs none, and an hour holds a few. */
export async function resendEmailConfirmation(
  deps: Pick<PasswordResetDeps, 'repos' | 'config'> & { rateCounters: RateCounters },
  userId: string,
) {
  const user = await deps.repos.users.findById(userId);
  if (!user) throw notFound('User not found');
  if (user.emailVerifiedAt) throw conflict('Your email address is already confirmed.');
  const { hits } = await deps.rateCounters.hit(`confirm-mail:${user.id}`, 3600_000);
  if (hits > CONFIRM_MAILS_PER_HOUR) {
    throw new AppError(
      'too_many_requests',
      429,
      'We sent several links in the last hour. Please look for them in your mail (and its spam folder), or try again later.',
    );
  }
  await sendEmailConfirmation(deps, user);
  return { message: `We sent a new link to ${user.email}.` };
}

/**
 * Spends a confirmation link: the first proof starts the account afresh (proveMailbox). A caller
 * signed in to that very account keeps their session; every other one ends. Opening a spent link
 * again says so instead of failing.
 */
export async function confirmEmailAddress(
  deps: Pick<PasswordResetDeps, 'repos' | 'config'>,
  token: string,
  caller: AuthUser | null,
  ip: string,
): Promise<VerifyEmailResponse> {
  const hash = hashSecret(token);
  const userId = await deps.repos.emailVerifications.spendToken(hash);
  if (!userId) {
    const owner = await deps.repos.emailVerifications.ownerOf(hash);
    const user = owner ? await deps.repos.users.findById(owner) : undefined;
    if (user?.emailVerifiedAt) {
      return { message: 'Your email address is already confirmed.', undone: [] };
    }
    throw badRequest(INVALID);
  }
  const { undone } = await proveMailbox(deps, userId, {
    how: 'confirmation link',
    ip,
    keepSessionId: caller?.id === userId ? caller.sessionId : undefined,
  });
  return { message: 'Thank you: your email address is confirmed.', undone };
}
