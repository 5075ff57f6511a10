import { z } from 'zod';
import { tokenResponse } from './auth.ts';
import { PASSWORD_MAX_LENGTH } from './fields.ts';

/**
 * Two-factor sign-in (docs/product.md#two-factor-sign-in): the requests and answers of its
 * routes, shared by the server and the web forms.
 */

/** What a right password answers instead of a token when a second step is due. */
export const twoFactorChallenge = z.object({
  /** 'code': ask for a code; 'setup': the account must set two-factor up before signing in. */
  twoFactor: z.enum(['code', 'setup']),
  ticket: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;

/** POST /api/auth/login, /api/auth/admin-login, /api/auth/exchange. */
export const signInResponse = z.union([tokenResponse, twoFactorChallenge]);
export type SignInResponse = z.infer<typeof signInResponse>;

const ticket = z.string().min(20).max(200);

/** A 6-digit authenticator code or a recovery code (xxxxx-xxxxx). */
const code = z.string().trim().min(1, 'Enter the code').max(40, 'That code is too long');

/** Only an authenticator code: set-up is confirmed with the app, not a recovery code. */
const appCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your app');

/** POST /api/auth/two-factor: the second step. */
export const twoFactorSignInRequest = z.object({
  ticket,
  code,
  /** 'Remember this device for 30 days'. */
  rememberDevice: z.boolean().optional(),
});
export type TwoFactorSignInRequest = z.input<typeof twoFactorSignInRequest>;

export const twoFactorSetupResponse = z.object({
  /** Base32, for typing into the app by hand; answered once, at set-up. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth address as a QR code: an SVG data URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupResponse>;

export const twoFactorConfirmRequest = z.object({ code: appCode });
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  /** A staff member whose super-admin requires two-factor: it cannot be turned off. */
  requiredForStaff: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const disableTwoFactorRequest = z.object({
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH),
  code,
});
export type DisableTwoFactorRequest = z.input<typeof disableTwoFactorRequest>;
export const regenerateRecoveryCodesRequest = z.object({ code });

/** The set-up a staff member must do at sign-in, carried by its ticket. */
export const setupTicketRequest = z.object({ ticket });
export const setupTicketConfirmRequest = z.object({ ticket, code: appCode });
export const setupTicketConfirmResponse = tokenResponse.extend({
  recoveryCodes: z.array(z.string()),
});
export type SetupTicketConfirmResponse = z.infer<typeof setupTicketConfirmResponse>;

/** The staff area's setting: every staff account signs in with a second step. */
export const twoFactorPolicy = z.object({ requireForStaff: z.boolean() });
export type TwoFactorPolicy = z.infer<typeof twoFactorPolicy>;
