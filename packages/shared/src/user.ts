import { z } from 'zod';
import { roleSchema } from './roles.ts';

export const profileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  companyName: z.string(),
  contactNumber: z.string(),
  bio: z.string(),
  profilePhotoURL: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const paymentInfoSchema = z.object({
  defaultPaymentMethodId: z.string().nullable(),
  stripeCustomerId: z.string().nullable(),
});

/** SPEC.md section 3: User. */
export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: roleSchema,
  isOAuth: z.boolean(),
  profile: profileSchema,
  paymentInfo: paymentInfoSchema,
});
export type User = z.infer<typeof userSchema>;

export const profileResponse = z.object({
  _id: z.string(),
  email: z.string(),
  profile: profileSchema,
});
export type ProfileResponse = z.infer<typeof profileResponse>;

/** 'Hello, {display name, or first and last name}' and the New Customers card. */
export function displayNameOf(
  profile: Pick<Profile, 'displayName' | 'firstName' | 'lastName'>,
): string {
  const display = profile.displayName.trim();
  if (display) return display;
  return `${profile.firstName} ${profile.lastName}`.trim();
}
