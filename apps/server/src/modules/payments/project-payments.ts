import { refundableCents, cardRefundableCents } from '@noise/shared/order-money';
import type { ProjectPayment } from '@noise/shared/payments';
import type { Repositories } from '../../repositories.ts';
import { invoiceNumberOf } from '../invoices/load-invoice.ts';
import type { ProjectRow } from '../projects/repository.ts';
import { ACCOUNT_CREDIT } from '@noise/shared/account-credit';
import { toRefundDto } from './refund-payment.ts';

/** A project's charges, oldest first, each with its tax invoice, its refunds and what is left. */
export async function listProjectPayments(
  repos: Pick<Repositories, 'payments' | 'refunds' | 'users'>,
  project: ProjectRow,
): Promise<ProjectPayment[]> {
  const rows = await repos.payments.listPaymentsOfProject(project.id);
  const refunds = await repos.refunds.listOfPayments(rows.map((r) => r.id));
  const users = repos.users;
  const names = new Map<string, string>();
  for (const id of new Set(refunds.flatMap((r) => (r.createdById ? [r.createdById] : [])))) {
    names.set(id, await users.actorName(id));
  }
  return rows.map((row) => {
    const own = refunds.filter((r) => r.paymentId === row.id);
    return {
      _id: row.id,
      orderNumber: project.orderNumber,
      kind: row.kind,
      amountCents: row.amountCents,
      gstCents: row.gstCents,
      currency: row.currency,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      invoiceNumber: invoiceNumberOf(row),
      invoiceUrl: `/api/payments/${row.id}/invoice`,
      // A code's line is the charge's one negative line (price-order.ts, renewalLines).
      discountCents: Math.abs(
        row.lineItems
          .filter((line) => line.amountCents < 0)
          .reduce((total, line) => total + line.amountCents, 0),
      ),
      refunds: own.map((r) =>
        toRefundDto(r, r.createdById ? (names.get(r.createdById) ?? '') : ''),
      ),
      refundableCents: refundableCents({ ...row, refunds: own }),
      creditCents: row.creditCents,
      cardRefundableCents: cardRefundableCents({
        ...row,
        refunds: own.map((r) => ({ ...r, toCredit: r.provider === ACCOUNT_CREDIT })),
      }),
    };
  });
}
