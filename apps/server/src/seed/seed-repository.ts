import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  industries,
  pageItems,
  pages,
  serviceExtras,
  serviceFaqs,
  serviceGalleryImages,
  servicePackages,
  services,
  users,
} from '../db/schema.ts';

/** Any constant: it only has to be the same in every process that seeds. */
const SEED_LOCK_KEY = 7_311_042_001;

/** The rows of a catalogue to start with, table by table. */
export interface CatalogueRows {
  services: (typeof services.$inferInsert)[];
  packages: (typeof servicePackages.$inferInsert)[];
  extras: (typeof serviceExtras.$inferInsert)[];
  faqs: (typeof serviceFaqs.$inferInsert)[];
  gallery: (typeof serviceGalleryImages.$inferInsert)[];
  pages: (typeof pages.$inferInsert)[];
  pageItems: (typeof pageItems.$inferInsert)[];
  industries: (typeof industries.$inferInsert)[];
  /** Accounts; an address already taken (an operator's own account) is left as it is. */
  users: (typeof users.$inferInsert)[];
}

/**
 * Writes `rows` when the catalogue is empty (no service, page or industry) and answers whether
 * it did. One transaction under an advisory lock, so two processes starting at once against
 * one PostgreSQL cannot both write: the second waits, then sees the rows and skips.
 */
export async function insertCatalogueIfEmpty(db: Db, rows: CatalogueRows): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx
      .select({ any: sql<boolean>`true` })
      .from(
        sql`(select 1 from ${services} union all select 1 from ${pages}
                 union all select 1 from ${industries}) as catalogue`,
      )
      .limit(1);
    if (existing) return false;
    await tx.insert(services).values(rows.services);
    await tx.insert(servicePackages).values(rows.packages);
    await tx.insert(serviceExtras).values(rows.extras);
    await tx.insert(serviceFaqs).values(rows.faqs);
    await tx.insert(serviceGalleryImages).values(rows.gallery);
    await tx.insert(pages).values(rows.pages);
    await tx.insert(pageItems).values(rows.pageItems);
    await tx.insert(industries).values(rows.industries);
    await tx.insert(users).values(rows.users).onConflictDoNothing();
    return true;
  });
}
