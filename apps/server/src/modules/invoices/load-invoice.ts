import type { Config } from '../../config.ts';
import { ACCOUNT_CREDIT } from '@noise/shared/account-credit';
import type { Repositories } from '../../repositories.ts';
import { renderInvoicePdf, type InvoiceData } from './render-invoice.ts';
import { refundReasonLabels } from '@noise/shared/order-money';
import type { AdjustmentSource, InvoiceSource } from './repository.ts';
import type { RenderInvoice } from './render-pool.ts';

export interface InvoiceSettings {
  companyName: string;
  abn: string;
  /** The shop's postal address, printed under its name; empty when not set. */
  address?: string;
  /** The uploaded logo, or null. */
  logo?: InvoiceData['logo'];
  /** The saved brand colour, '' for the documents' own. */
  brandColour?: string;
  publicUrl: string;
  /** BUSINESS_TIMEZONE: the dates printed are days there. */
  timeZone?: string;
}

/** What invoices and adjustment notes print of the shop, read when each is drawn. */
export function invoiceSettingsOf(config: Config): InvoiceSettings {
  return {
    get companyName() {
      return config.companyName;
    },
    get abn() {
      return config.abn;
    },
    get address() {
      return config.companyAddress;
    },
    get logo() {
      return config.businessLogo;
    },
    get brandColour() {
      return config.business.brandColour;
    },
    publicUrl: config.publicUrl,
    timeZone: config.businessTimeZone,
  };
}

type InvoicedPayment = InvoiceSource['payment'];

export const invoiceNumberOf = (payment: Pick<InvoicedPayment, 'invoiceNumber'>) =>
  `INV-${String(payment.invoiceNumber).padStart(6, '0')}`;

/** An adjustment note's number as printed: 'AN-0001', its own sequence. */
export const adjustmentNoteNumberOf = (refund: { noteNumber: number | null }) =>
  `AN-${String(refund.noteNumber ?? 0).padStart(4, '0')}`;

/** The invoice of a payment as data: what it lists comes from the payment and its project. */
export function invoiceDataOf(settings: InvoiceSettings, source: InvoiceSource): InvoiceData {
  const { payment, project, payer } = source;
  const first = project?.contactFirstName ?? payer?.firstName ?? '';
  const last = project?.contactLastName ?? payer?.lastName ?? '';
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
    address: settings.address ?? '',
    logo: settings.logo ?? null,
    brandColour: settings.brandColour ?? '',
    website: settings.publicUrl.replace(/^https?:\/\//, ''),
    invoiceNumber: invoiceNumberOf(payment),
    orderNumber: project?.orderNumber ?? null,
    issuedAt: payment.createdAt,
    timeZone: settings.timeZone,
    paymentReference: payment.reference || payment.transactionId,
    currency: payment.currency,
    customer: {
      name: `${first} ${last}`.trim(),
      company: project?.contactCompanyName || payer?.companyName || '',
      email: project?.contactEmail || payer?.email || '',
      phone: project?.contactNumber || payer?.contactNumber || '',
    },
    lines,
    subtotalCents: payment.amountCents - payment.gstCents,
    gstCents: payment.gstCents,
    totalCents: payment.amountCents,
    // A quote's deposit leaves its balance to pay (docs/decisions/070): the invoice says how much.
    balanceOwingCents:
      payment.kind === 'order' && project?.depositWithGstCents
        ? project.oneTimeTotalWithGstCents - project.depositWithGstCents
        : 0,
    // What account credit paid of it (docs/decisions/107): the document says so, and what the card paid.
    creditCents: payment.provider === ACCOUNT_CREDIT ? payment.amountCents : payment.creditCents,
    // A payment staff marked (docs/decisions/094) says how it came.
    ...(payment.provider === 'bank_transfer' ? { paidWith: 'bank transfer' } : {}),
    ...(payment.provider === 'cash' ? { paidWith: 'cash' } : {}),
  };
}

/**
 * The tax invoice of a payment, rendered by `render` (a worker thread: render-pool.ts); null
 * when there is no such payment or `visible` (the caller's access) says no.
 */
export async function renderInvoiceOf(
  repos: Pick<Repositories, 'invoices'>,
  settings: InvoiceSettings,
  paymentId: string,
  render: RenderInvoice = renderInvoicePdf,
  visible: (source: InvoiceSource) => boolean = () => true,
): Promise<{ filename: string; content: Buffer; payment: InvoicedPayment } | null> {
  const source = await repos.invoices.findSource(paymentId);
  if (!source || !visible(source)) return null;
  const data = invoiceDataOf(settings, source);
  return {
    filename: `${data.invoiceNumber}.pdf`,
    content: await render(data),
    payment: source.payment,
  };
}

/**
 * The adjustment note of a refund as data (the Australian GST document for a decrease): the
 * note's number, the tax invoice it adjusts and its date, and what was refunded with its GST.
 */
export function adjustmentNoteDataOf(
  settings: InvoiceSettings,
  source: AdjustmentSource,
): InvoiceData {
  const { refund, payment } = source;
  const invoice = invoiceDataOf(settings, source);
  const reason = refundReasonLabels[refund.reason];
  return {
    ...invoice,
    invoiceNumber: adjustmentNoteNumberOf(refund),
    issuedAt: refund.settledAt ?? refund.createdAt,
    lines: [
      {
        description: `Refund against ${invoiceNumberOf(payment)}${invoice.lines.length === 1 ? ` (${invoice.lines[0]!.description})` : ''}: ${reason}${refund.note ? ` - ${refund.note}` : ''}`,
        amountCents: refund.amountCents - refund.gstCents,
      },
    ],
    subtotalCents: refund.amountCents - refund.gstCents,
    gstCents: refund.gstCents,
    totalCents: refund.amountCents,
    adjustment: {
      originalInvoiceNumber: invoiceNumberOf(payment),
      originalIssuedAt: payment.createdAt,
      reason,
      refundReference: refund.providerRefundId ?? '',
      toCredit: refund.provider === ACCOUNT_CREDIT,
    },
  };
}

/** The adjustment note of a refund that went through; null when there is none or `visible` says no. */
export async function renderAdjustmentNoteOf(
  repos: Pick<Repositories, 'invoices'>,
  settings: InvoiceSettings,
  refundId: string,
  render: RenderInvoice = renderInvoicePdf,
  visible: (source: AdjustmentSource) => boolean = () => true,
): Promise<{ filename: string; content: Buffer } | null> {
  const source = await repos.invoices.findRefundSource(refundId);
  if (!source || source.refund.status !== 'succeeded' || !visible(source)) return null;
  const data = adjustmentNoteDataOf(settings, source);
  return { filename: `${data.invoiceNumber}.pdf`, content: await render(data) };
}
