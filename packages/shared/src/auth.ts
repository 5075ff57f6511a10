import { z } from 'zod';
import {
  australianPhone,
  australianPhoneField,
  emailAddress,
  newPassword,
  PASSWORD_MAX_LENGTH,
} from './fields.ts';
import { roleSchema } from './roles.ts';

export const TOKEN_STORAGE_KEY = 'authToken';

const name = z.string().trim().max(100, 'Must be at most 100 characters');

/** POST /api/auth/signup. docs/product.md#sign-up-modal: the other fields are optional. */
export const signupRequest = z.object({
  firstName: name.default(''),
  lastName: name.default(''),
  email: emailAddress,
  phoneNumber: australianPhone,
  password: newPassword,
});
export type SignupRequest = z.input<typeof signupRequest>;

/** The browser form adds the confirmation, which is never sent. */
export const signupForm = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phoneNumber: australianPhoneField,
    password: z.string(),
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type SignupForm = z.infer<typeof signupForm>;

/** POST /api/auth/login: username is an email or a username. */
export const loginRequest = z.object({
  username: z.string().trim().min(1, 'Enter your email or username').max(254),
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** POST /api/auth/admin-login (docs/product.md#staff-login): email (or username) and password. */
export const adminLoginRequest = z
  .object({
    email: z.string().trim().max(254).optional(),
    username: z.string().trim().max(254).optional(),
    password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH),
    rememberMe: z.boolean().optional(),
  })
  .refine((v) => Boolean(v.email || v.username), {
    message: 'Enter your email or username',
    path: ['email'],
  });
export type AdminLoginRequest = z.infer<typeof adminLoginRequest>;

export const tokenResponse = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponse>;

export const verifyTokenResponse = z.object({
  isAuthenticated: z.boolean(),
  userRole: roleSchema.nullable(),
});
export type VerifyTokenResponse = z.infer<typeof verifyTokenResponse>;

/** POST /api/auth/verify-email: the token of the mailed 'Confirm your email' link. */
export const verifyEmailRequest = z.object({ token: z.string().min(20).max(200) });
export type VerifyEmailRequest = z.input<typeof verifyEmailRequest>;
/**
 * What confirming did: `undone` names what was set up before the address was proven and is now
 * taken back (docs/product.md#confirming-an-email-address).
 */
export const verifyEmailResponse = z.object({
  message: z.string(),
  undone: z.array(z.string()),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponse>;

/** The code a route answers (403) to an account whose email address is not proven yet. */
export const EMAIL_UNVERIFIED = 'email_unverified';

export const forgotPasswordRequest = z.object({ email: emailAddress });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;
export const resetPasswordRequest = z.object({
  token: z.string().min(20).max(200),
  password: newPassword,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** PUT /api/users/password: answers a new token, as every older one stops working. */
export const changePasswordRequest = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX_LENGTH),
  newPassword,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;
