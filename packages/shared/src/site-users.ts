import { z } from 'zod';
import {
  emailAddress,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
} from './fields.ts';
import { roleSchema } from './roles.ts';

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);

/** The site user form (docs/product.md#site-users), as the server reads its multipart fields. */
export const siteUserRequest = z.object({
  email: emailAddress,
  role: roleSchema.or(z.literal('').transform(() => undefined)).refine((r) => r !== undefined, {
    message: 'Please choose a role',
  }),
  password: z
    .string()
    .max(PASSWORD_MAX_LENGTH)
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= PASSWORD_MIN_LENGTH, {
      message: PASSWORD_TOO_SHORT,
    }),
  profile: z
    .object({
      firstName: text(100).default(''),
      lastName: text(100).default(''),
      displayName: text(100).default(''),
      contactNumber: text(40).default(''),
      bio: text(2000).default(''),
    })
    .default({ firstName: '', lastName: '', displayName: '', contactNumber: '', bio: '' }),
});
export type SiteUserRequest = z.infer<typeof siteUserRequest>;

/**
 * Editing a site user: only the fields sent change; a field left out keeps its value. The role is
 * not edited here: it changes through its own action (`changeRoleRequest`), which is confirmed
 * and audited. A role sent that is the user's own is accepted, so the form may send what it shows.
 */
export const siteUserUpdateRequest = z.object({
  email: siteUserRequest.shape.email.optional(),
  role: roleSchema.optional(),
  password: siteUserRequest.shape.password,
  profile: z
    .object({
      firstName: text(100).optional(),
      lastName: text(100).optional(),
      displayName: text(100).optional(),
      contactNumber: text(40).optional(),
      bio: text(2000).optional(),
    })
    .optional(),
});
export type SiteUserUpdateRequest = z.infer<typeof siteUserUpdateRequest>;

/** POST /api/users/site-users/{id}/role: a role change, its own confirmed and audited action. */
export const changeRoleRequest = z.object({ role: roleSchema });
export type ChangeRoleRequest = z.infer<typeof changeRoleRequest>;

export const ROLE_CHANGE_ELSEWHERE =
  "Change the role with 'Change role': it asks to confirm, and the audit log records it.";
