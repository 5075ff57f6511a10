import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customQuotes, projects } from '../../db/schema.ts';

export type QuoteRow = typeof customQuotes.$inferSelect;

export function createQuoteRepository(db: Db) {
  return {
    async list() {
      return db
        .select({ quote: customQuotes, projectId: projects.id })
        .from(customQuotes)
        .leftJoin(projects, eq(projects.quoteId, customQuotes.id))
        .orderBy(desc(customQuotes.createdAt), desc(customQuotes.id));
    },

    async find(id: string) {
      const [row] = await db
        .select({ quote: customQuotes, projectId: projects.id })
        .from(customQuotes)
        .leftJoin(projects, eq(projects.quoteId, customQuotes.id))
        .where(eq(customQuotes.id, id));
      return row;
    },

    async insert(values: typeof customQuotes.$inferInsert) {
      const [row] = await db.insert(customQuotes).values(values).returning();
      return row!;
    },

    async update(id: string, values: Partial<typeof customQuotes.$inferInsert>) {
      const [row] = await db
        .update(customQuotes)
        .set(values)
        .where(eq(customQuotes.id, id))
        .returning();
      return row;
    },

    async delete(id: string) {
      await db.delete(customQuotes).where(eq(customQuotes.id, id));
    },
  };
}
export type QuoteRepository = ReturnType<typeof createQuoteRepository>;

export function toQuoteDto(row: { quote: QuoteRow; projectId: string | null }) {
  const q = row.quote;
  return {
    _id: q.id,
    name: q.name,
    summary: q.summary,
    internalNotes: q.internalNotes,
    deliverables: q.deliverables,
    extras: q.extras,
    value: q.valueCents / 100,
    paid: q.paidAt !== null,
    createdBy: q.createdByName,
    createdAt: q.createdAt.toISOString(),
    projectId: row.projectId,
  };
}
