import { AppError } from '../../lib/errors.ts';
import type { RateCounters } from '../../lib/rate-counter-repository.ts';

/** A sign-in refused because its account had too many failed attempts; carries Retry-After. */
export class AccountLimitedError extends AppError {
  constructor(override readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      'too_many_requests',
      429,
      `Too many failed sign-ins for this account. Please wait ${minutes} minute${
        minutes === 1 ? '' : 's'
      } and try again, or reset your password.`,
    );
    this.name = 'AccountLimitedError';
  }
}

/**
 * Failed sign-ins per account, from any address and through any process
 * (docs/decisions/006-sign-in-limits.md). Every attempt is counted before its password is
 * checked, so parallel guesses cannot slip past the count; a success clears it. After
 * `maxFailures` attempts within `windowMs`, counted from the first, every sign-in of that account
 * is refused with 429 until the window has passed. Other accounts are not affected.
 */
export function createAccountLimiter(
  counters: RateCounters,
  options: { maxFailures: number; windowMs: number },
) {
  const counterKey = (key: string) => `account:${key}`;
  return {
    /** Counts an attempt on the account; throws AccountLimitedError while it is paused. */
    async attempt(key: string) {
      const { hits, resetAt } = await counters.hit(counterKey(key), options.windowMs);
      if (hits > options.maxFailures) {
        const retryMs = resetAt - counters.now();
        throw new AccountLimitedError(Math.max(1, Math.ceil(retryMs / 1000)));
      }
    },
    /** The attempt was right: the account's count starts again. */
    async succeeded(key: string) {
      await counters.clear(counterKey(key));
    },
  };
}
export type AccountLimiter = ReturnType<typeof createAccountLimiter>;

/** The limiter's key: the account when it exists, else the identifier as typed (normalised). */
export function accountKey(user: { id: string } | undefined, login: string): string {
  return user ? `user:${user.id}` : `login:${login.trim().toLowerCase()}`;
}
