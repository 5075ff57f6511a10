import { randomInt } from 'node:crypto';
/** Loaded when someone uses two-factor sign-in, not at every start (docs/performance.md#server-start). */
const otp = () => import('otplib');
import { isStaffRole, type Role } from '@noise/shared/roles';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { RateCounters } from '../../lib/rate-counter-repository.ts';
import { hashSecret, newSecret, type SecretBox } from '../../lib/secrets.ts';
import { AccountLimitedError, createAccountLimiter } from './account-limit.ts';
import type { TwoFactorRepository, TwoFactorTicketPurpose } from './two-factor-repository.ts';

/** docs/product.md#two-factor-sign-in: how long the second step waits after a right password. */
export const TICKET_TTL_MS = 5 * 60_000;
/** 'Remember this device for 30 days'. */
export const TRUSTED_DEVICE_DAYS = 30;
/** Wrong codes of one account before its codes are refused for the sign-in lock window. */
export const MAX_CODE_FAILURES = 5;
export const RECOVERY_CODE_COUNT = 10;
/**
 * Codes of the step before and after the server's are accepted too (one 30-second step either
 * way): phones' clocks drift, and typing a code takes time.
 */
const EPOCH_TOLERANCE_SECONDS = 30;

const TICKET_EXPIRED = 'This sign-in has expired. Please sign in again.';
const WRONG_CODE = 'That code is not right. Check your authenticator app and try again.';

/** What a right password answers when a second step is due, instead of a sign-in token. */
export interface TwoFactorChallenge {
  /** 'code': ask for a code; 'setup': the account must set two-factor up first (staff). */
  twoFactor: 'code' | 'setup';
  ticket: string;
}

export class TwoFactorLimitedError extends AppError {
  constructor(override readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      'too_many_requests',
      429,
      `Too many wrong codes. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    );
    this.name = 'TwoFactorLimitedError';
  }
}

// Recovery codes: ten characters of an alphabet without look-alikes (no 0/o, 1/l/i), shown as
// two groups of five. 31^10 is about 2^49: with five tries a quarter hour, out of reach.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newRecoveryCode() {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
const isTotpShaped = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

export interface TwoFactorDeps {
  repo: TwoFactorRepository;
  /** Seals the authenticator secret at rest (lib/secrets.ts createSecretBox). */
  box: SecretBox;
  counters: RateCounters;
  /** The sign-in lock window (AUTH_ACCOUNT_LOCK_MINUTES): wrong codes are counted in it. */
  windowMs: number;
  /** The issuer the authenticator app shows (COMPANY_NAME). */
  issuer: string;
}

/**
 * Two-factor sign-in with an authenticator app (RFC 6238), recovery codes and remembered devices
 * (docs/product.md#two-factor-sign-in, docs/decisions/062-two-factor-sign-in.md).
 */
export function createTwoFactor(deps: TwoFactorDeps) {
  const { repo, box } = deps;
  const limiter = createAccountLimiter(deps.counters, {
    maxFailures: MAX_CODE_FAILURES,
    windowMs: deps.windowMs,
  });
  const limitKey = (userId: string) => `two-factor:user:${userId}`;

  /** Counts a code attempt on the account before it is checked; 429 once paused. */
  async function attempt(userId: string) {
    try {
      await limiter.attempt(limitKey(userId));
    } catch (error) {
      // The same pause as a password's, in words about codes.
      if (error instanceof AccountLimitedError) {
        throw new TwoFactorLimitedError(error.retryAfterSeconds);
      }
      throw error;
    }
  }

  /** Checks an authenticator code and spends its time-step: the same code never works twice. */
  async function acceptTotp(userId: string, code: string, pending = false): Promise<boolean> {
    const row = await repo.findSecret(userId);
    if (!row || (row.enabledAt === null) !== pending) return false;
    const secret = box.open(row.secretEncrypted);
    if (!secret) return false;
    const { verify } = await otp();
    const result = await verify({
      secret,
      token: code.replace(/\s/g, ''),
      epochTolerance: EPOCH_TOLERANCE_SECONDS,
      ...(row.lastTimeStep !== null ? { afterTimeStep: row.lastTimeStep } : {}),
    });
    // The TOTP result carries the matched time-step (the HOTP one, never made here, does not).
    if (!result.valid || !('timeStep' in result)) return false;
    return repo.acceptTimeStep(userId, result.timeStep);
  }

  /** An authenticator code or an unused recovery code (spent); which one it was, or null. */
  async function acceptCode(userId: string, code: string): Promise<'totp' | 'recovery' | null> {
    if (isTotpShaped(code)) return (await acceptTotp(userId, code)) ? 'totp' : null;
    const normalised = normaliseRecoveryCode(code);
    if (normalised.length !== 10) return null;
    return (await repo.useRecoveryCode(userId, hashSecret(normalised))) ? 'recovery' : null;
  }

  /** Counts, checks and clears: the shape of every request that carries a code. */
  async function checkCode(userId: string, code: string) {
    await attempt(userId);
    const kind = await acceptCode(userId, code);
    if (kind) await limiter.succeeded(limitKey(userId));
    return kind;
  }

  function newRecoveryCodes() {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    return { codes, hashes: codes.map((c) => hashSecret(normaliseRecoveryCode(c))) };
  }

  async function newTicket(userId: string, purpose: TwoFactorTicketPurpose, rememberMe: boolean) {
    const ticket = newSecret();
    await repo.saveTicket({
      ticketHash: hashSecret(ticket),
      userId,
      purpose,
      rememberMe,
      expiresAt: new Date(Date.now() + TICKET_TTL_MS),
    });
    return ticket;
  }

  async function liveTicket(ticket: string, purpose: TwoFactorTicketPurpose) {
    const row = await repo.findTicket(hashSecret(ticket), purpose);
    if (!row) throw unauthorized(TICKET_EXPIRED);
    return row;
  }

  return {
    /**
     * After a right password: null when the account may have its token now, else the challenge
     * to answer instead (a code, or, for staff who must have two-factor, its set-up). A device
     * remembered for this very user skips the code.
     */
    async challenge(
      user: { id: string; role: Role },
      options: { rememberMe?: boolean; deviceToken?: string } = {},
    ): Promise<TwoFactorChallenge | null> {
      const rememberMe = options.rememberMe ?? false;
      if (await repo.isEnabled(user.id)) {
        if (
          options.deviceToken &&
          (await repo.isTrustedDevice(hashSecret(options.deviceToken), user.id))
        ) {
          return null;
        }
        return { twoFactor: 'code', ticket: await newTicket(user.id, 'code', rememberMe) };
      }
      if (isStaffRole(user.role) && (await repo.requireForStaff())) {
        return { twoFactor: 'setup', ticket: await newTicket(user.id, 'setup', rememberMe) };
      }
      return null;
    },

    /**
     * The second step: a code (or recovery code) for a live 'code' ticket. The ticket is spent
     * only by a right code, so a mistyped code can be typed again; wrong codes are counted per
     * account, whichever ticket carries them.
     */
    async completeSignIn(ticket: string, code: string) {
      const row = await liveTicket(ticket, 'code');
      const kind = await checkCode(row.userId, code);
      if (!kind) throw unauthorized(WRONG_CODE);
      if (!(await repo.spendTicket(hashSecret(ticket)))) throw unauthorized(TICKET_EXPIRED);
      const recoveryCodesLeft =
        kind === 'recovery' ? await repo.countUnusedRecoveryCodes(row.userId) : undefined;
      return { userId: row.userId, rememberMe: row.rememberMe, kind, recoveryCodesLeft };
    },

    /** The user id of a live set-up ticket (staff who must set two-factor up to sign in). */
    async setupTicketUser(ticket: string) {
      return (await liveTicket(ticket, 'setup')).userId;
    },

    /** Spends a set-up ticket once its set-up is confirmed; the ticket's 'Remember Me'. */
    async spendSetupTicket(ticket: string) {
      const row = await liveTicket(ticket, 'setup');
      if (!(await repo.spendTicket(hashSecret(ticket)))) throw unauthorized(TICKET_EXPIRED);
      return { userId: row.userId, rememberMe: row.rememberMe };
    },

    /** A new device token for 'Remember this device', kept as a hash for this user only. */
    async trustDevice(userId: string) {
      const token = newSecret();
      await repo.trustDevice({
        tokenHash: hashSecret(token),
        userId,
        expiresAt: new Date(Date.now() + TRUSTED_DEVICE_DAYS * 24 * 3600_000),
      });
      return token;
    },

    async status(user: { id: string; role: Role }) {
      const enabled = await repo.isEnabled(user.id);
      return {
        enabled,
        recoveryCodesLeft: enabled ? await repo.countUnusedRecoveryCodes(user.id) : 0,
        requiredForStaff: isStaffRole(user.role) && (await repo.requireForStaff()),
      };
    },

    /**
     * Starts set-up: a new secret, kept sealed and waiting for its first code. The secret is
     * answered here, once; nothing answers it again.
     */
    async beginSetup(user: { id: string; email: string }) {
      const { generateSecret, generateURI } = await otp();
      const secret = generateSecret();
      if (!(await repo.savePendingSecret(user.id, box.seal(secret)))) {
        throw conflict('Two-factor sign-in is already on.');
      }
      const otpauthUrl = generateURI({ issuer: deps.issuer, label: user.email, secret });
      const { default: QRCode } = await import('qrcode');
      const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
      return {
        secret,
        otpauthUrl,
        qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    /** Confirms set-up with a code of the new secret; answers the recovery codes, shown once. */
    async confirmSetup(userId: string, code: string) {
      if (!isTotpShaped(code)) throw badRequest('Enter the 6-digit code from your app.');
      await attempt(userId);
      if (!(await acceptTotp(userId, code, true))) throw badRequest(WRONG_CODE);
      await limiter.succeeded(limitKey(userId));
      const { codes, hashes } = newRecoveryCodes();
      if (!(await repo.enable(userId, hashes))) {
        throw conflict('Two-factor sign-in is already on.');
      }
      return codes;
    },

    /** Turning off needs the password and a code; staff cannot while it is required of them. */
    async disable(
      user: { id: string; role: Role; passwordHash: string | null },
      input: { password: string; code: string },
    ) {
      if (!(await repo.isEnabled(user.id))) throw conflict('Two-factor sign-in is not on.');
      if (isStaffRole(user.role) && (await repo.requireForStaff())) {
        throw forbidden('Two-factor sign-in is required for staff and cannot be turned off.');
      }
      await attempt(user.id);
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        throw badRequest('That password is not right.');
      }
      if (!(await acceptCode(user.id, input.code))) throw badRequest(WRONG_CODE);
      await limiter.succeeded(limitKey(user.id));
      await repo.remove(user.id);
    },

    /** New recovery codes for a code: the old ones stop working. */
    async regenerateRecoveryCodes(userId: string, code: string) {
      if (!(await repo.isEnabled(userId))) throw conflict('Two-factor sign-in is not on.');
      if (!(await checkCode(userId, code))) throw badRequest(WRONG_CODE);
      const { codes, hashes } = newRecoveryCodes();
      await repo.replaceRecoveryCodes(userId, hashes);
      return codes;
    },

    /** A super-admin's reset: the account signs in with its password alone until set up again. */
    async reset(userId: string): Promise<boolean> {
      return repo.remove(userId);
    },

    requireForStaff: () => repo.requireForStaff(),
    setRequireForStaff: (require: boolean) => repo.setRequireForStaff(require),
  };
}
export type TwoFactor = ReturnType<typeof createTwoFactor>;
