import { z } from 'zod';
import { optionalAustralianPhone } from './fields.ts';

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);

/** PUT /api/users/clients/{id}: the Edit Customer form. */
export const updateClientRequest = z.object({
  profile: z.object({
    firstName: text(100),
    lastName: text(100),
    companyName: text(200),
    // Blank when the team does not know it; otherwise a number the team can call.
    contactNumber: optionalAustralianPhone,
  }),
});
export type UpdateClientRequest = z.infer<typeof updateClientRequest>;

export const NOTE_MAX_LENGTH = 5000;
export const createNoteRequest = z.object({
  note: z.string().trim().min(1, 'Write a note first').max(NOTE_MAX_LENGTH),
});

/** docs/product.md#data-shapes: Internal note. */
export const internalNoteSchema = z.object({
  _id: z.string(),
  note: z.string(),
  adminName: z.string(),
  createdAt: z.string(),
});
export type InternalNote = z.infer<typeof internalNoteSchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  actorName: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  summary: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const CLIENT_SEARCH_LIMIT = 200;
