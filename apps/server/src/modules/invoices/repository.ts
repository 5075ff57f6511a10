import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments, projects, users } from '../../db/schema.ts';

/**
 * What a tax invoice lists, in one statement: the payment, its project's contact and order
 * number (a renewal's too), and the payer's own details for what the project does not carry.
 * The receipt job reads it for every order, so it is one round trip, not three.
 */
export function createInvoiceRepository(db: Db) {
  return {
    async findSource(paymentId: string) {
      const [row] = await db
        .select({
          payment: payments,
          project: {
            userId: projects.userId,
            coordinatorId: projects.coordinatorId,
            claimTokenHash: projects.claimTokenHash,
            orderNumber: projects.orderNumber,
            serviceTitle: projects.serviceTitle,
            contactFirstName: projects.contactFirstName,
            contactLastName: projects.contactLastName,
            contactCompanyName: projects.contactCompanyName,
            contactEmail: projects.contactEmail,
            contactNumber: projects.contactNumber,
          },
          payer: {
            firstName: users.firstName,
            lastName: users.lastName,
            companyName: users.companyName,
            email: users.email,
            contactNumber: users.contactNumber,
          },
        })
        .from(payments)
        .leftJoin(projects, eq(projects.id, payments.projectId))
        .leftJoin(users, eq(users.id, payments.userId))
        .where(eq(payments.id, paymentId))
        .limit(1);
      return row;
    },
  };
}

export type InvoiceSource = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createInvoiceRepository>['findSource']>>
>;
