import { companySchema } from './company.ts';
import { z } from 'zod';
import { companyNameField, optionalAustralianPhone } from './fields.ts';
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
  /** The customer's id at the payment provider in use (Stripe's `cus_…`); null before a payment. */
  paymentCustomerId: z.string().nullable(),
});

/** docs/product.md#data-shapes: User. */
export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: roleSchema,
  isOAuth: z.boolean(),
  /**
   * Whether the person proved they read `email` (docs/product.md#confirming-an-email-address):
   * until then they may buy for themselves but not change a team or their sign-in.
   */
  emailVerified: z.boolean(),
  /** False for an account a guest's order made, until a password is chosen. */
  hasPassword: z.boolean(),
  profile: profileSchema,
  paymentInfo: paymentInfoSchema,
  /** A customer's company and role (docs/product.md#client-companies); absent for staff. */
  company: companySchema.nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

export const profileResponse = z.object({
  _id: z.string(),
  email: z.string(),
  profile: profileSchema,
});
export type ProfileResponse = z.infer<typeof profileResponse>;

export { displayNameOf } from './display-name.ts';

/** PUT /api/users/profile: what customers change about themselves (docs/product.md#profile). */
export const updateOwnProfileRequest = z.object({
  profile: z.object({
    firstName: z.string().trim().max(100),
    lastName: z.string().trim().max(100),
    companyName: companyNameField(200),
    contactNumber: optionalAustralianPhone,
  }),
});
export type UpdateOwnProfileRequest = z.input<typeof updateOwnProfileRequest>;

export const cardSchema = z.object({ brand: z.string(), last4: z.string() });
export const cardResponse = z.object({ card: cardSchema.nullable() });
/** A card on file, as a customer's replaced card and the staff's look at one answer it. */
export const paymentMethodResponse = z.object({ card: cardSchema });
export type PaymentMethod = z.infer<typeof paymentMethodResponse>;
/** PUT /api/payment-methods/{customerId}: the customer's new card on file. */
export const replacedPaymentMethodResponse = z.object({
  paymentMethod: z.object({ id: z.string(), card: cardSchema }),
});
export type ReplacedPaymentMethod = z.infer<typeof replacedPaymentMethodResponse>;
export const replaceCardRequest = z.object({ paymentMethodId: z.string().trim().min(1).max(200) });
