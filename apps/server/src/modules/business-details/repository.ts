import { eq } from 'drizzle-orm';
import type { BusinessDetails } from '@noise/shared/business-details';
import { displayNameOf } from '@noise/shared/user';
import type { Db } from '../../db/client.ts';
import { businessSettings, users } from '../../db/schema.ts';

export interface SavedBusinessDetails {
  details: BusinessDetails;
  savedAt: Date;
  savedByName: string | null;
}

export function createBusinessDetailsRepository(db: Db) {
  return {
    /** The saved row, or null while the environment's values are in force. */
    async find(): Promise<SavedBusinessDetails | null> {
      const [row] = await db
        .select({ saved: businessSettings, by: users })
        .from(businessSettings)
        .leftJoin(users, eq(users.id, businessSettings.updatedById))
        .limit(1);
      if (!row) return null;
      const { id: _id, updatedAt, updatedById: _by, ...details } = row.saved;
      return {
        details,
        savedAt: updatedAt,
        savedByName: row.by ? displayNameOf(row.by) || row.by.email : null,
      };
    },

    async save(details: BusinessDetails, userId: string) {
      const values = { ...details, updatedById: userId, updatedAt: new Date() };
      await db
        .insert(businessSettings)
        .values({ id: true, ...values })
        .onConflictDoUpdate({ target: businessSettings.id, set: values });
    },
  };
}

export type BusinessDetailsRepository = ReturnType<typeof createBusinessDetailsRepository>;
