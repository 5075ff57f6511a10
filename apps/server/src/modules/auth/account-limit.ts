import { AppError } from '../../lib/errors.ts';

/** A sign-in refused because its account had too many failed attempts; carries Retry-After. */
export class AccountLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
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

interface Entry {
  failures: number;
  /** When the window opened (the first failure of this run). */
  startedAt: number;
}

/**
 * Failed sign-ins per account, from any address (docs/decisions/006-sign-in-limits.md). After
 * `maxFailures` failures within `windowMs`, every sign-in of that account is refused with 429
 * until the window, counted from its first failure, has passed; a success before that clears the
 * count. Other accounts are not affected. In memory, per process; bounded in size.
 */
export function createAccountLimiter(options: {
  maxFailures: number;
  windowMs: number;
  maxEntries?: number;
  now?: () => number;
}) {
  const entries = new Map<string, Entry>();
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 100_000;

  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && now() - entry.startedAt >= options.windowMs) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const prune = () => {
    const t = now();
    for (const [key, entry] of entries) {
      if (t - entry.startedAt >= options.windowMs) entries.delete(key);
    }
    // Still full (many accounts failing at once): forget the oldest windows first.
    for (const key of entries.keys()) {
      if (entries.size < maxEntries) break;
      entries.delete(key);
    }
  };

  return {
    /** Throws AccountLimitedError while the account is paused. */
    check(key: string) {
      const entry = live(key);
      if (entry && entry.failures >= options.maxFailures) {
        const retryMs = entry.startedAt + options.windowMs - now();
        throw new AccountLimitedError(Math.max(1, Math.ceil(retryMs / 1000)));
      }
    },
    failed(key: string) {
      const entry = live(key);
      if (entry) {
        entry.failures += 1;
        return;
      }
      if (entries.size >= maxEntries) prune();
      entries.set(key, { failures: 1, startedAt: now() });
    },
    succeeded(key: string) {
      entries.delete(key);
    },
  };
}
export type AccountLimiter = ReturnType<typeof createAccountLimiter>;

/** The limiter's key: the account when it exists, else the identifier as typed (normalised). */
export function accountKey(user: { id: string } | undefined, login: string): string {
  return user ? `user:${user.id}` : `login:${login.trim().toLowerCase()}`;
}
