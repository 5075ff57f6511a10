import { and, desc, eq, like, or, sql, type SQL } from 'drizzle-orm';
import type { CompanyRole } from '@noise/shared/company';
import type { User } from '@noise/shared/user';
import type { Db } from '../../db/client.ts';
import { companyMembers, internalNotes, projects, users } from '../../db/schema.ts';
import { companyNameOf } from '../companies/repository.ts';
import { toUserDto } from '../users/repository.ts';
import { escapeLike } from '../../lib/escape-like.ts';

/**
 * A client, and when `assignedTo` is a co-ordinator's id, only one who has a project assigned to
 * them (docs/decisions/056).
 */
function clientOf(assignedTo: string | null): SQL {
  return and(
    eq(users.role, 'client'),
    // Per company (docs/product.md#client-companies): a co-ordinator sees every person of a
    // client whose project is theirs, and whoever ordered a project of theirs.
    assignedTo
      ? sql`exists (select 1 from ${projects} p where p.coordinator_id = ${assignedTo} and (p.user_id = ${users.id} or p.company_id = (select m.company_id from ${companyMembers} m where m.user_id = ${users.id})))`
      : undefined,
  )!;
}

/** A client with their company, its name and their role in it. */
const clientColumns = {
  user: users,
  companyId: companyMembers.companyId,
  companyRole: companyMembers.role,
  companyName: companyNameOf(companyMembers.companyId),
};
export type ClientRow = {
  user: typeof users.$inferSelect;
  companyId: string | null;
  companyRole: CompanyRole | null;
  companyName: string;
};

export function createCustomerRepository(db: Db) {
  return {
    /** Clients whose 'first last' contains the query (any case) or whose number contains its digits. */
    async search(query: string, limit: number, assignedTo: string | null = null) {
      const q = query.trim().toLowerCase();
      const digits = q.replace(/\D/g, '');
      const filters = [clientOf(assignedTo)];
      if (q) {
        const byName = sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${`%${escapeLike(q)}%`}`;
        filters.push(
          digits ? or(byName, like(users.contactNumber, `%${escapeLike(digits)}%`))! : byName,
        );
      }
      return db
        .select(clientColumns)
        .from(users)
        .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
        .where(and(...filters))
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit);
    },

    /** Clients whose 'first last', display name or email contains the query (any case). */
    async searchByNameOrEmail(query: string, limit: number) {
      const pattern = `%${escapeLike(query.trim().toLowerCase())}%`;
      return db
        .select()
        .from(users)
        .where(
          and(
            eq(users.role, 'client'),
            or(
              sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern}`,
              sql`lower(${users.displayName}) like ${pattern}`,
              sql`lower(${users.email}) like ${pattern}`,
            ),
          ),
        )
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit);
    },

    async findClient(id: string, assignedTo: string | null = null) {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), clientOf(assignedTo)))
        .limit(1);
      return row;
    },

    /** findClient, with the client's company. */
    async findClientWithCompany(
      id: string,
      assignedTo: string | null = null,
    ): Promise<ClientRow | undefined> {
      const [row] = await db
        .select(clientColumns)
        .from(users)
        .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
        .where(and(eq(users.id, id), clientOf(assignedTo)))
        .limit(1);
      return row;
    },

    /** The client whose card on file this is (the provider's id), within `assignedTo`'s. */
    async findClientByCard(paymentMethodId: string, assignedTo: string | null = null) {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.defaultPaymentMethodId, paymentMethodId), clientOf(assignedTo)))
        .limit(1);
      return row;
    },

    async updateProfile(
      id: string,
      profile: { firstName: string; lastName: string; companyName: string; contactNumber: string },
    ) {
      const [row] = await db
        .update(users)
        .set(profile)
        .where(and(eq(users.id, id), eq(users.role, 'client')))
        .returning();
      return row;
    },

    async listNotes(userId: string) {
      return db
        .select()
        .from(internalNotes)
        .where(eq(internalNotes.userId, userId))
        .orderBy(desc(internalNotes.createdAt), desc(internalNotes.id));
    },

    async addNote(values: typeof internalNotes.$inferInsert, tx: Db = db) {
      const [row] = await tx.insert(internalNotes).values(values).returning();
      return row!;
    },
  };
}
export type CustomerRepository = ReturnType<typeof createCustomerRepository>;

export function toNoteDto(row: typeof internalNotes.$inferSelect) {
  return {
    _id: row.id,
    note: row.note,
    adminName: row.adminName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A client as staff see them: the account and their company (docs/product.md#client-companies). */
export function toClientDto(row: ClientRow): User {
  return {
    ...toUserDto(row.user),
    company:
      row.companyId && row.companyRole
        ? { _id: row.companyId, name: row.companyName, role: row.companyRole }
        : null,
  };
}
