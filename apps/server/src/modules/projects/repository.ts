import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectExtras, projects } from '../../db/schema.ts';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;
export type ProjectExtraRow = typeof projectExtras.$inferSelect;
export interface NewProjectExtra {
  title: string;
  description: string;
  priceCents: number;
}

/** Projects (sales) and their extras. Pass a transaction's handle to write inside it. */
export function createProjectRepository(db: Db) {
  return {
    /** Inserts a project with its extras copied as they were ordered. */
    async insert(values: NewProject, extras: readonly NewProjectExtra[]): Promise<ProjectRow> {
      const [project] = await db.insert(projects).values(values).returning();
      if (extras.length > 0) {
        await db
          .insert(projectExtras)
          .values(
            extras.map((extra, position) => ({ ...extra, projectId: project!.id, position })),
          );
      }
      return project!;
    },

    async findById(id: string): Promise<ProjectRow | undefined> {
      const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1);
      return row;
    },

    async findByQuote(quoteId: string): Promise<ProjectRow | undefined> {
      const [row] = await db.select().from(projects).where(eq(projects.quoteId, quoteId)).limit(1);
      return row;
    },

    async listExtras(projectId: string): Promise<ProjectExtraRow[]> {
      return db
        .select()
        .from(projectExtras)
        .where(eq(projectExtras.projectId, projectId))
        .orderBy(asc(projectExtras.position));
    },
  };
}
export type ProjectRepository = ReturnType<typeof createProjectRepository>;
