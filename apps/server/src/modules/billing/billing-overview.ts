import type {
  BillingDocument,
  BillingDue,
  BillingInvoice,
  BillingOverview,
} from '@noise/shared/billing';
import type { BillPaymentWithRefunds, BillWithCustomer } from '../bills/repository.ts';
import { quoteDueNow } from '@noise/shared/quote';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Repositories } from '../../repositories.ts';
import { adjustmentNoteNumberOf, invoiceNumberOf } from '../invoices/load-invoice.ts';
import { orderMoneyOf } from '../payments/order-money-of.ts';
import { accountCreditOf } from '../payments/account-credit.ts';
import { clientsMayPauseOf } from '../payments/pause-subscription.ts';
import { toSubscriptionDto } from '../payments/routes.ts';
import { requestUsageOf } from '../requests/manage-requests.ts';

/** What the Billing page needs of the bills module, handed in by app.ts (no module imports it). */
export interface BillingBills {
  summaryOf: (row: BillWithCustomer, payments: readonly BillPaymentWithRefunds[]) => BillingInvoice;
}

/** The orders a Billing page reads: a client's whole history in all but the largest accounts. */
export const BILLING_ORDERS_MAX = 200;

/**
 * The customer's Billing page (docs/product.md#billing): what is due, the plans that renew, and
 * every tax invoice and adjustment note of the company's orders, newest first. Every amount is
 * the one the order's other screens show: a balance from the order's money (order-money.ts), a
 * quote's first payment from quoteDueNow, as the payment page charges it.
 */
export async function billingOverview(
  repos: Pick<
    Repositories,
    | 'projects'
    | 'payments'
    | 'refunds'
    | 'clientActions'
    | 'bills'
    | 'requests'
    | 'orderSources'
    | 'accountCredit'
  >,
  caller: AuthUser,
  shop: {
    /** The shop's currency: what a quote not yet paid will be charged in. */
    currency: string;
    /** BUSINESS_TIMEZONE: the day an invoice's payment counts toward a plan's period. */
    timeZone: string;
    /** Staff invoices' figures and pay links (modules/bills, handed in by app.ts). */
    bills: BillingBills;
  },
): Promise<BillingOverview> {
  const { currency, bills } = shop;
  if (!caller.companyId) {
    return { dues: [], invoices: [], subscriptions: [], documents: [], credit: null };
  }
  const orders = (
    await repos.projects.listUserPage(caller.id, undefined, BILLING_ORDERS_MAX, {
      companyId: caller.companyId,
    })
  ).map((row) => row.project);
  const byId = new Map(orders.map((order) => [order.id, order]));
  const ids = orders.map((order) => order.id);
  const [payments, subscriptions, money, quotes, requestUsage, credit] = await Promise.all([
    repos.payments.listPaymentsOfProjects(ids),
    repos.payments.listSubscriptionsOfProjects(ids),
    orderMoneyOf(repos.payments, orders),
    repos.clientActions.unpaidQuotes(caller.companyId),
    // A request plan's use, as the dashboard's Requests panel counts it (one function for both).
    requestUsageOf(repos, caller.companyId, shop.timeZone),
    accountCreditOf(repos, caller.companyId, currency),
  ]);
  const refunds = await repos.refunds.listOfPayments(payments.map((p) => p.id));
  // Whether each plan's package lets its client pause it (docs/product.md#pausing-a-plan).
  const pausable = new Map(
    await Promise.all(
      subscriptions.map(
        async (row) =>
          [row.projectId, await clientsMayPauseOf(repos, byId.get(row.projectId)!)] as const,
      ),
    ),
  );

  const documents: BillingDocument[] = [];
  for (const payment of payments) {
    const order = payment.projectId ? byId.get(payment.projectId) : undefined;
    if (payment.status !== 'succeeded' || !order) continue;
    documents.push({
      kind: 'invoice',
      number: invoiceNumberOf(payment),
      issuedAt: payment.createdAt.toISOString(),
      title: order.serviceTitle,
      orderNumber: order.orderNumber,
      projectId: order.id,
      amountCents: payment.amountCents,
      currency: payment.currency,
      url: `/api/payments/${payment.id}/invoice`,
    });
  }
  const paymentOf = new Map(payments.map((p) => [p.id, p]));
  for (const refund of refunds) {
    const projectId = paymentOf.get(refund.paymentId)?.projectId;
    const order = projectId ? byId.get(projectId) : undefined;
    if (refund.status !== 'succeeded' || !order) continue;
    documents.push({
      kind: 'adjustment-note',
      number: adjustmentNoteNumberOf(refund),
      issuedAt: refund.createdAt.toISOString(),
      title: order.serviceTitle,
      orderNumber: order.orderNumber,
      projectId: order.id,
      amountCents: refund.amountCents,
      currency: refund.currency,
      url: `/api/refunds/${refund.id}/adjustment-note`,
    });
  }
  // Staff invoices sent to the company: their state, and the documents of their payments.
  const sentBills = await repos.bills.listSentOfCompany(caller.companyId, BILLING_ORDERS_MAX);
  const billPayments = await repos.bills.paymentsOf(sentBills.map((row) => row.bill.id));
  const invoices = sentBills.map((row) =>
    bills.summaryOf(
      row,
      billPayments.filter((p) => p.billId === row.bill.id),
    ),
  );
  const billNumber = new Map(invoices.map((invoice) => [invoice._id, invoice.number]));
  for (const payment of billPayments) {
    if (payment.status !== 'succeeded') continue;
    const title = `Invoice ${billNumber.get(payment.billId!) ?? ''}`;
    documents.push({
      kind: 'invoice',
      number: invoiceNumberOf(payment),
      issuedAt: payment.createdAt.toISOString(),
      title,
      orderNumber: null,
      projectId: null,
      amountCents: payment.amountCents,
      currency: payment.currency,
      url: `/api/payments/${payment.id}/invoice`,
    });
    for (const refund of payment.refunds) {
      if (refund.status !== 'succeeded') continue;
      documents.push({
        kind: 'adjustment-note',
        number: adjustmentNoteNumberOf(refund),
        issuedAt: refund.createdAt.toISOString(),
        title,
        orderNumber: null,
        projectId: null,
        amountCents: refund.amountCents,
        currency: refund.currency,
        url: `/api/refunds/${refund.id}/adjustment-note`,
      });
    }
  }
  documents.sort((a, b) => b.issuedAt.localeCompare(a.issuedAt));

  const dues: BillingDue[] = [];
  for (const quote of quotes) {
    const href = `/custom-quote/${quote.id}`;
    if (quote.deposit_paid) {
      const order = quote.project_id ? byId.get(quote.project_id) : undefined;
      const due = order ? money.get(order.id)?.balanceDueCents : undefined;
      if (!order || !due) continue;
      dues.push({
        kind: 'balance',
        title: quote.name,
        orderNumber: order.orderNumber,
        amountCents: due,
        currency: order.currency,
        payable: quote.balance_requested,
        href,
      });
      continue;
    }
    const now = quoteDueNow(
      {
        valueCents: Number(quote.value_cents),
        depositPercent: quote.deposit_percent === null ? null : Number(quote.deposit_percent),
        depositCents: quote.deposit_cents === null ? null : Number(quote.deposit_cents),
      },
      false,
    );
    dues.push({
      kind: 'deposit',
      title: quote.name,
      orderNumber: null,
      amountCents: now.price.totalWithGstCents,
      currency,
      payable: true,
      href,
    });
  }

  return {
    dues,
    invoices,
    subscriptions: subscriptions.map((row) => {
      const order = byId.get(row.projectId)!;
      return {
        ...toSubscriptionDto(row, order.packageTitle, pausable.get(row.projectId) ?? false),
        title: order.serviceTitle,
        orderNumber: order.orderNumber,
        requests: requestUsage.get(row.projectId) ?? null,
      };
    }),
    documents,
    credit,
  };
}
