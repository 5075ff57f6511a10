import { z } from 'zod';
import { accountCreditSchema } from './account-credit.ts';
import { billStatuses } from './bills.ts';
import { subscriptionSchema } from './payments.ts';
import { requestUsageSchema } from './requests.ts';

/**
 * The customer's 'Billing' page (docs/product.md#billing): every tax invoice and adjustment
 * note of the company's orders, what is due, and the plans that renew.
 */
export const billingDocumentSchema = z.object({
  kind: z.enum(['invoice', 'adjustment-note']),
  /** 'INV-1001-1', 'AN-0001' */
  number: z.string(),
  issuedAt: z.string(),
  /** The service or quote, as the order names it; 'Invoice B-0007' for a staff invoice. */
  title: z.string(),
  /** Null for a staff invoice's payment, which belongs to no order. */
  orderNumber: z.number().int().nullable(),
  projectId: z.string().nullable(),
  /** Charged (an invoice) or given back (a note), GST included. */
  amountCents: z.number().int(),
  currency: z.string(),
  /** GET it with the bearer token: application/pdf. */
  url: z.string(),
});
export type BillingDocument = z.infer<typeof billingDocumentSchema>;

export const billingDueSchema = z.object({
  /** 'deposit': a signed proposal's first payment (or the whole, without a deposit). */
  kind: z.enum(['deposit', 'balance']),
  title: z.string(),
  orderNumber: z.number().int().nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  /** A balance is paid once we ask for it; until then it is shown, not offered. */
  payable: z.boolean(),
  href: z.string(),
});
export type BillingDue = z.infer<typeof billingDueSchema>;

export const billingSubscriptionSchema = subscriptionSchema.extend({
  title: z.string(),
  orderNumber: z.number().int(),
  /** A request plan's use (the dashboard's Requests panel shows the same); null for other plans. */
  requests: requestUsageSchema.nullable(),
});
export type BillingSubscription = z.infer<typeof billingSubscriptionSchema>;

/** An invoice staff sent the company (docs/product.md#invoices), with its state. */
export const billingInvoiceSchema = z.object({
  _id: z.string(),
  /** 'B-0007' */
  number: z.string(),
  status: z.enum(billStatuses),
  dueDate: z.string(),
  totalCents: z.number().int(),
  dueCents: z.number().int(),
  currency: z.string(),
  /** Its pay page (the signed link the mail carries) while it can be paid; else null. */
  payHref: z.string().nullable(),
});
export type BillingInvoice = z.infer<typeof billingInvoiceSchema>;

export const billingOverviewSchema = z.object({
  dues: z.array(billingDueSchema),
  /** Staff invoices sent to the company, newest first. */
  invoices: z.array(billingInvoiceSchema),
  subscriptions: z.array(billingSubscriptionSchema),
  /** Newest first. */
  documents: z.array(billingDocumentSchema),
  /** The company's account credit (docs/product.md#account-credit); null without a company. */
  credit: accountCreditSchema.nullable(),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;
