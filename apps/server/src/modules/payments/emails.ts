import type { EmailKind } from '../../lib/email-kinds.ts';
import { project } from '../emails/demo-data.ts';
import { billReceipt } from '../emails/bills.ts';
import {
  balanceReceipt,
  balanceReminder,
  balanceRequest,
  orderReceipt,
  planChangeReceipt,
  refundProcessed,
  renewalDeclined,
  renewalReceipt,
} from '../emails/payments.ts';

/** The mail this module sends, with demo data (the staff's Emails page, the HTML check). */
export const paymentsEmails: EmailKind[] = [
  {
    kind: 'invoice-receipt',
    title: 'Invoice payment receipt',
    sentWhen:
      'To the customer when an invoice is paid by card or staff mark it paid; the tax invoice attached.',
    demo: (shop) =>
      billReceipt({
        companyName: shop.companyName,
        firstName: 'Olivia',
        number: 'B-0007',
        documentName: 'tax invoice',
        currency: 'AUD',
        amountCents: 165000,
        gstCents: 10000,
        how: 'by bank transfer',
        link: `${shop.publicUrl}/pay/invoice/demo-bill?t=demo`,
      }),
  },
  {
    kind: 'order-receipt',
    title: 'Order receipt',
    sentWhen:
      'To the customer when an order or a quote’s deposit is paid; the tax invoice attached.',
    demo: (shop) =>
      orderReceipt({
        ...shop,
        documentName: 'tax invoice',
        orderNumber: 1042,
        projectId: 'demo-project',
        firstName: 'Olivia',
        serviceTitle: 'SEO Audit',
        packageTitle: 'Growth',
        currency: 'AUD',
        amountCents: 110000,
        gstCents: 10000,
        balanceCents: null,
        recurring: { amountCents: 55000, period: 'month' },
        claimUrl: null,
      }),
  },
  {
    kind: 'balance-request',
    title: 'Balance due',
    sentWhen: 'To the customer when staff ask for the balance of a quote paid with a deposit.',
    demo: (shop) =>
      balanceRequest({
        companyName: shop.companyName,
        orderNumber: 1043,
        firstName: 'Olivia',
        quoteName: 'Brand refresh',
        balance: '$1,540.00 inc. GST',
        dueDate: '05 Mar, 2026',
        link: `${shop.publicUrl}/custom-quote/demo-quote`,
      }),
  },
  {
    kind: 'balance-reminder',
    title: 'Balance reminder',
    sentWhen:
      'To the customer a few days before a requested balance is due, and again once it is overdue.',
    demo: (shop) =>
      balanceReminder({
        companyName: shop.companyName,
        orderNumber: 1043,
        firstName: 'Olivia',
        quoteName: 'Brand refresh',
        balance: '$1,540.00 inc. GST',
        dueDate: '05 Mar, 2026',
        overdue: true,
        link: `${shop.publicUrl}/custom-quote/demo-quote`,
      }),
  },
  {
    kind: 'balance-receipt',
    title: 'Balance receipt',
    sentWhen: 'To the customer when a quote’s balance is paid; the tax invoice attached.',
    demo: (shop) =>
      balanceReceipt({
        ...shop,
        documentName: 'tax invoice',
        orderNumber: 1043,
        projectId: 'demo-project',
        firstName: 'Olivia',
        quoteName: 'Brand refresh',
        currency: 'AUD',
        amountCents: 154000,
        gstCents: 14000,
      }),
  },
  {
    kind: 'renewal-receipt',
    title: 'Renewal receipt',
    sentWhen:
      'To the customer when a recurring (weekly to yearly) fee is charged; the tax invoice attached.',
    demo: (shop) =>
      renewalReceipt({
        companyName: shop.companyName,
        documentName: 'tax invoice',
        orderNumber: 1042,
        firstName: 'Olivia',
        serviceTitle: 'SEO Audit',
        packageTitle: 'Growth',
        interval: 'monthly',
        currency: 'AUD',
        amountCents: 55000,
        periodFrom: '1 December 2026',
        projectUrl: project(shop),
      }),
  },
  {
    kind: 'plan-change-receipt',
    title: 'Plan change receipt',
    sentWhen:
      'To the customer when a plan moves to a dearer package and the rest of the period is charged; the tax invoice attached.',
    demo: (shop) =>
      planChangeReceipt({
        companyName: shop.companyName,
        documentName: 'tax invoice',
        orderNumber: 1042,
        firstName: 'Olivia',
        serviceTitle: 'SEO Audit',
        fromPackage: 'Starter',
        toPackage: 'Growth',
        currency: 'AUD',
        amountCents: 12100,
        nextChargeOn: '01 Dec, 2026',
        nextChargeCents: 55000,
        interval: 'monthly',
        projectUrl: project(shop),
      }),
  },
  {
    kind: 'renewal-declined',
    title: 'Renewal declined',
    sentWhen: 'To the customer when a renewal is declined: when it is tried again, or past due.',
    demo: (shop) =>
      renewalDeclined({
        ...shop,
        cardUrl: `${shop.publicUrl}/renew-card/demo-subscription?e=0&t=demo`,
        orderNumber: 1042,
        projectId: 'demo-project',
        firstName: 'Olivia',
        serviceTitle: 'SEO Audit',
        packageTitle: 'Growth',
        currency: 'AUD',
        amountCents: 55000,
        reason: 'Your card was declined.',
        failures: 1,
        retryOn: '2 December 2026',
      }),
  },
  {
    kind: 'refund',
    title: 'Refund processed',
    sentWhen: 'To the customer when a refund goes through; the adjustment note attached.',
    demo: (shop) =>
      refundProcessed({
        ...shop,
        firstName: 'Olivia',
        project: { id: 'demo-project', orderNumber: 1042, serviceTitle: 'SEO Audit' },
        currency: 'AUD',
        amountCents: 22000,
        gstCents: 2000,
        reason: 'requested_by_customer',
        note: '',
        refundedOn: '3 December 2026',
        noteNumber: 'AN-0007',
        invoiceNumber: 'INV-000412',
        invoicedOn: '1 November 2026',
      }),
  },
];
