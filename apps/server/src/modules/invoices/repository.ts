import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyMembers, payments, projects, refunds, users } from '../../db/schema.ts';

/**
 * What a tax invoice lists, in one statement: the payment, its project's contact and order
 * number (a renewal's too), and the payer's own details for what the project does not carry.
 * The receipt job reads it for every order, so it is one round trip, not three.
 */
const projectColumns = {
  userId: projects.userId,
  companyId: projects.companyId,
  coordinatorId: projects.coordinatorId,
  claimTokenHash: projects.claimTokenHash,
  orderNumber: projects.orderNumber,
  serviceTitle: projects.serviceTitle,
  packageTitle: projects.packageTitle,
  contactFirstName: projects.contactFirstName,
  contactLastName: projects.contactLastName,
  contactCompanyName: projects.contactCompanyName,
  contactEmail: projects.contactEmail,
  contactNumber: projects.contactNumber,
  oneTimeTotalWithGstCents: projects.oneTimeTotalWithGstCents,
  depositWithGstCents: projects.depositWithGstCents,
};
const payerColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  companyName: users.companyName,
  email: users.email,
  contactNumber: users.contactNumber,
  /** A staff invoice's payment has no project: the payer's company may see its documents. */
  companyId: companyMembers.companyId,
};

export function createInvoiceRepository(db: Db) {
  return {
    async findSource(paymentId: string) {
      const [row] = await db
        .select({ payment: payments, project: projectColumns, payer: payerColumns })
        .from(payments)
        .leftJoin(projects, eq(projects.id, payments.projectId))
        .leftJoin(users, eq(users.id, payments.userId))
        .leftJoin(companyMembers, eq(companyMembers.userId, payments.userId))
        .where(eq(payments.id, paymentId))
        .limit(1);
      return row;
    },

    /** What an adjustment note lists: the refund, the payment it decreases, and as above. */
    async findRefundSource(refundId: string) {
      const [row] = await db
        .select({
          refund: refunds,
          payment: payments,
          project: projectColumns,
          payer: payerColumns,
        })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .leftJoin(projects, eq(projects.id, payments.projectId))
        .leftJoin(users, eq(users.id, payments.userId))
        .leftJoin(companyMembers, eq(companyMembers.userId, payments.userId))
        .where(eq(refunds.id, refundId))
        .limit(1);
      return row;
    },
  };
}

export type InvoiceSource = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createInvoiceRepository>['findSource']>>
>;
export type AdjustmentSource = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createInvoiceRepository>['findRefundSource']>>
>;
