import type { Db } from '../../db/client.ts';
import { createPaymentRepository, type PaymentRow } from '../payments/repository.ts';
import { createProjectRepository } from '../projects/repository.ts';
import { createUserRepository } from '../users/repository.ts';
import { renderInvoicePdf, type InvoiceData } from './render-invoice.ts';
import type { RenderInvoice } from './render-pool.ts';

export interface InvoiceSettings {
  companyName: string;
  abn: string;
  publicUrl: string;
}

export const invoiceNumberOf = (payment: Pick<PaymentRow, 'invoiceNumber'>) =>
  `INV-${String(payment.invoiceNumber).padStart(6, '0')}`;

/** The invoice of a payment as data: what it lists comes from the payment and its project. */
export async function loadInvoiceData(
  db: Db,
  settings: InvoiceSettings,
  payment: PaymentRow,
): Promise<InvoiceData> {
  const project = payment.projectId
    ? await createProjectRepository(db).findById(payment.projectId)
    : undefined;
  const user = await createUserRepository(db).findById(payment.userId);
  const first = project?.contactFirstName ?? user?.firstName ?? '';
  const last = project?.contactLastName ?? user?.lastName ?? '';
  const lines =
    payment.lineItems.length > 0
      ? payment.lineItems
      : [
          {
            description: project?.serviceTitle ?? 'Payment',
            amountCents: payment.amountCents - payment.gstCents,
          },
        ];
  return {
    companyName: settings.companyName,
    abn: settings.abn,
    website: settings.publicUrl.replace(/^https?:\/\//, ''),
    invoiceNumber: invoiceNumberOf(payment),
    orderNumber: project?.orderNumber ?? null,
    issuedAt: payment.createdAt,
    paymentReference: payment.transactionId,
    currency: payment.currency,
    customer: {
      name: `${first} ${last}`.trim(),
      company: project?.contactCompanyName || user?.companyName || '',
      email: project?.contactEmail || user?.email || '',
      phone: project?.contactNumber || user?.contactNumber || '',
    },
    lines,
    subtotalCents: payment.amountCents - payment.gstCents,
    gstCents: payment.gstCents,
    totalCents: payment.amountCents,
  };
}

/** The tax invoice of a payment, rendered by `render` (a worker thread: render-pool.ts). */
export async function renderInvoiceOf(
  db: Db,
  settings: InvoiceSettings,
  paymentId: string,
  render: RenderInvoice = renderInvoicePdf,
): Promise<{ filename: string; content: Buffer; payment: PaymentRow } | null> {
  const payment = await createPaymentRepository(db).findPayment(paymentId);
  if (!payment) return null;
  const data = await loadInvoiceData(db, settings, payment);
  return {
    filename: `${data.invoiceNumber}.pdf`,
    content: await render(data),
    payment,
  };
}
