import { eq } from 'drizzle-orm';
import type { BusinessDetails } from '@noise/shared/business-details';
import { displayNameOf } from '@noise/shared/user';
import type { Db } from '../../db/client.ts';
import { businessLogo, businessSettings, users } from '../../db/schema.ts';

export interface SavedBusinessDetails {
  details: BusinessDetails;
  savedAt: Date;
  savedByName: string | null;
}

/** The shop's logo as kept: a PNG and its size; `version` is a hash of the bytes. */
export interface BusinessLogo {
  png: Buffer;
  width: number;
  height: number;
  version: string;
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

    /** The logo, or null while none is uploaded. */
    async findLogo(): Promise<BusinessLogo | null> {
      const [row] = await db
        .select({
          png: businessLogo.png,
          width: businessLogo.width,
          height: businessLogo.height,
          version: businessLogo.version,
        })
        .from(businessLogo)
        .limit(1);
      return row ?? null;
    },

    async saveLogo(logo: BusinessLogo, userId: string) {
      const values = { ...logo, updatedById: userId, updatedAt: new Date() };
      await db
        .insert(businessLogo)
        .values({ id: true, ...values })
        .onConflictDoUpdate({ target: businessLogo.id, set: values });
    },

    /** True when there was a logo to remove. */
    async removeLogo(): Promise<boolean> {
      const removed = await db.delete(businessLogo).returning({ version: businessLogo.version });
      return removed.length > 0;
    },
  };
}

export type BusinessDetailsRepository = ReturnType<typeof createBusinessDetailsRepository>;
