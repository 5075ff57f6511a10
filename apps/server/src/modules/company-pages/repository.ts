import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyPages } from '../../db/schema.ts';

export type CompanyPageRow = typeof companyPages.$inferSelect;

export function createCompanyPageRepository(db: Db) {
  return {
    async list(): Promise<CompanyPageRow[]> {
      return db.select().from(companyPages);
    },

    /** The slugs among `slugs` whose page the shop has written. */
    async written(slugs: readonly string[]): Promise<string[]> {
      const rows = await db
        .select({ slug: companyPages.slug })
        .from(companyPages)
        .where(inArray(companyPages.slug, [...slugs]));
      return rows.map((r) => r.slug);
    },

    async find(slug: string): Promise<CompanyPageRow | undefined> {
      const [row] = await db.select().from(companyPages).where(eq(companyPages.slug, slug));
      return row;
    },

    /** Writes the page, or (an empty body) removes it so the built-in text shows again. */
    async save(
      slug: string,
      body: string,
      by: { id: string; name: string },
    ): Promise<CompanyPageRow | undefined> {
      if (!body) {
        await db.delete(companyPages).where(eq(companyPages.slug, slug));
        return undefined;
      }
      const values = { slug, body, updatedById: by.id, updatedByName: by.name };
      const [row] = await db
        .insert(companyPages)
        .values(values)
        .onConflictDoUpdate({
          target: companyPages.slug,
          set: { body, updatedById: by.id, updatedByName: by.name, updatedAt: new Date() },
        })
        .returning();
      return row;
    },
  };
}
export type CompanyPageRepository = ReturnType<typeof createCompanyPageRepository>;
