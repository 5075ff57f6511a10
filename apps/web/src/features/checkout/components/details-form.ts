import { z } from 'zod';
import { guestDetailsSchema } from '@noise/shared/payments';
import { requiredAustralianPhoneField } from '@noise/shared/fields';
import type { User } from '@noise/shared/user';
import { REQUIRED_MESSAGE } from '@/components/ui/field';

/** Who pays: the signed-in user, or a visitor who chose 'Continue as guest' (docs/decisions/013). */
export type Payer = { kind: 'user'; user: User } | { kind: 'guest' };

export interface DetailsForm {
  coordinatorId: string;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  contactNumber: string;
}

const coordinatorField = z.string().min(1, 'Please choose your coordinator');

export function needsCompanyName(user: User) {
  return !user.profile.companyName.trim();
}

export function needsContactNumber(user: User) {
  return !user.profile.contactNumber.trim();
}

/**
 * A signed-in customer's name and email come from the profile; company name and contact number
 * are asked only when the profile lacks them (docs/product.md#your-details). A guest gives all.
 */
export function detailsSchema(payer: Payer): z.ZodType<DetailsForm, DetailsForm> {
  if (payer.kind === 'guest') {
    return z.object({
      coordinatorId: coordinatorField,
      firstName: guestDetailsSchema.shape.firstName,
      lastName: guestDetailsSchema.shape.lastName,
      email: z
        .string()
        .trim()
        .min(1, 'Enter your email address')
        .pipe(guestDetailsSchema.shape.email),
      contactNumber: requiredAustralianPhoneField('Enter your phone number'),
      // The server asks for a company whenever the account has none, and a new one never has.
      companyName: z.string().trim().min(1, 'Enter your company name').max(200),
    });
  }
  return z.object({
    coordinatorId: coordinatorField,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    companyName: needsCompanyName(payer.user)
      ? z.string().trim().min(1, REQUIRED_MESSAGE)
      : z.string(),
    contactNumber: needsContactNumber(payer.user)
      ? requiredAustralianPhoneField(REQUIRED_MESSAGE)
      : z.string(),
  });
}

export function detailsDefaults(payer: Payer): DetailsForm {
  if (payer.kind === 'guest') {
    return {
      coordinatorId: '',
      firstName: '',
      lastName: '',
      email: '',
      companyName: '',
      contactNumber: '',
    };
  }
  const { profile, email } = payer.user;
  return {
    coordinatorId: '',
    firstName: profile.firstName,
    lastName: profile.lastName,
    email,
    companyName: profile.companyName,
    contactNumber: profile.contactNumber,
  };
}
