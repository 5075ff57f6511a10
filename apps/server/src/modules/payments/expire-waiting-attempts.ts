import {
  ACTION_EXPIRED_MESSAGE,
  expireWaitingAttempt,
  type CheckoutDeps,
} from './handle-payment.ts';

/**
 * A sweep of the money lane (`paymentJobs`): payments whose bank check (3-D Secure) was
 * abandoned are cancelled with the provider once their wait is over, so they hold no quote and
 * cannot be completed by surprise later. Each is handled on its own: one the provider cannot
 * answer for now is tried again next round.
 */
export async function expireAbandonedAttempts(deps: CheckoutDeps, now = new Date()) {
  const expired = await deps.repos.payments.listExpiredWaitingAttempts(now, 50);
  for (const attempt of expired) {
    await expireWaitingAttempt(deps, attempt, ACTION_EXPIRED_MESSAGE).catch((err: unknown) =>
      deps.log.warn({ err, attemptId: attempt.id }, 'could not cancel an abandoned payment yet'),
    );
  }
  return expired.length;
}
