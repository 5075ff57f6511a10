import { z } from 'zod';
import { emailAddress } from './fields.ts';
import { GST_RATE_PERCENT } from './pricing.ts';

/**
 * Invoices staff write for anything (docs/product.md#invoices, docs/decisions/093): lines with
 * a quantity, a unit price and GST or not, a due date and a note. Called 'bills' in the code,
 * so they are never confused with the tax invoice every payment gets (modules/invoices); the
 * people who use them read 'Invoice'.
 *
 * Every figure of a bill comes from `billMoney` over its lines and `billPaid` over its payment
 * records: the staff list, the pay page, the customer's Billing page and the mail show the same
 * amounts.
 */

export const MAX_BILL_LINES = 50;
export const MAX_BILL_QUANTITY = 100_000;
/** Per line, before GST: $1,000,000. */
export const MAX_BILL_UNIT_CENTS = 100_000_000;

/**
 * An amount in dollars as typed ('200', '199.95') or a number: whole cents out. Negative, more
 * than two decimals and anything but digits are refused with a message naming the field.
 */
function dollarsToCents(label: string, max: number) {
  return z.union([z.number(), z.string().trim()]).transform((value, context) => {
    const text = typeof value === 'number' ? String(value) : value.replace(/,/g, '');
    if (/^-/.test(text)) {
      context.addIssue({ code: 'custom', message: `${label} cannot be negative` });
      return z.NEVER;
    }
    if (!/^\d+(\.\d+)?$/.test(text)) {
      context.addIssue({
        code: 'custom',
        message: `${label} must be an amount such as 200 or 199.95`,
      });
      return z.NEVER;
    }
    const [dollars, fraction = ''] = text.split('.');
    if (fraction.replace(/0+$/, '').length > 2) {
      context.addIssue({
        code: 'custom',
        message: `${label} cannot have a fraction of a cent (at most two decimals)`,
      });
      return z.NEVER;
    }
    const cents = Number(dollars) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
    if (cents > max) {
      context.addIssue({ code: 'custom', message: `${label} is too large` });
      return z.NEVER;
    }
    return cents;
  });
}

/** A quantity with at most two decimals (1.5 hours), as hundredths, so no float is multiplied. */
function quantityHundredths() {
  return z.union([z.number(), z.string().trim()]).transform((value, context) => {
    const text = typeof value === 'number' ? String(value) : value;
    if (/^-/.test(text)) {
      context.addIssue({ code: 'custom', message: 'Quantity cannot be negative' });
      return z.NEVER;
    }
    const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
    if (!match || (match[2] ?? '').replace(/0+$/, '').length > 2) {
      context.addIssue({
        code: 'custom',
        message: 'Quantity must be a number with at most two decimals, such as 1 or 1.5',
      });
      return z.NEVER;
    }
    const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').slice(0, 2).padEnd(2, '0'));
    if (hundredths <= 0) {
      context.addIssue({ code: 'custom', message: 'Quantity must be more than zero' });
      return z.NEVER;
    }
    if (hundredths > MAX_BILL_QUANTITY * 100) {
      context.addIssue({ code: 'custom', message: 'Quantity is too large' });
      return z.NEVER;
    }
    return hundredths;
  });
}

/** A line as stored: the quantity in hundredths, the unit price in cents before GST. */
export const billLineSchema = z.object({
  description: z.string(),
  quantityHundredths: z.number().int(),
  unitCents: z.number().int(),
  gst: z.boolean(),
});
export type BillLine = z.infer<typeof billLineSchema>;

export const billLineInput = z
  .object({
    description: z
      .string()
      .trim()
      .min(1, 'Describe the line')
      .max(300, 'Description can be at most 300 characters'),
    quantity: quantityHundredths(),
    unitPrice: dollarsToCents('Unit price', MAX_BILL_UNIT_CENTS),
    gst: z.boolean().default(true),
  })
  .superRefine((line, context) => {
    if ((line.quantity * line.unitPrice) % 100 !== 0) {
      context.addIssue({
        code: 'custom',
        path: ['unitPrice'],
        message:
          'Quantity × unit price comes to a fraction of a cent: change the quantity or the unit price',
      });
    }
  })
  .transform((line): BillLine => ({
    description: line.description,
    quantityHundredths: line.quantity,
    unitCents: line.unitPrice,
    gst: line.gst,
  }));

/** 'New invoice' and its edits while a draft: the due date is checked on the server too. */
export const billRequest = z.object({
  /** A customer's account, or null with `email` (a guest customer is made for it). */
  customerId: z.string().trim().min(1).max(64).nullable().default(null),
  email: z.union([z.literal(''), emailAddress]).default(''),
  lines: z
    .array(billLineInput)
    .min(1, 'Add at least one line')
    .max(MAX_BILL_LINES, `An invoice can have at most ${MAX_BILL_LINES} lines`),
  dueDate: z.iso.date({ message: 'Choose a due date' }),
  note: z.string().trim().max(5000, 'Note can be at most 5,000 characters').default(''),
});
export type BillRequest = z.input<typeof billRequest>;

/** GST on an amount before GST, rounded half up: the same rounding as every order. */
export function gstOn(netCents: number): number {
  return Math.floor((netCents * GST_RATE_PERCENT + 50) / 100);
}

export interface BillLineMoney {
  netCents: number;
  gstCents: number;
  totalCents: number;
}

export interface BillMoney {
  lines: BillLineMoney[];
  /** Before GST: every line, and the GST-free ones among them. */
  subtotalCents: number;
  gstFreeCents: number;
  gstCents: number;
  /** What the customer pays, GST included. */
  totalCents: number;
}

/**
 * A bill's figures from its lines: each line's amount (quantity × unit price, whole cents by
 * the request's rule), its GST (10 %, rounded per line; none on a GST-free line), and the sums.
 */
export function billMoney(lines: readonly BillLine[]): BillMoney {
  const money = lines.map((line) => {
    const netCents = (line.quantityHundredths * line.unitCents) / 100;
    if (!Number.isInteger(netCents)) throw new RangeError('A bill line is a fraction of a cent');
    const gstCents = line.gst ? gstOn(netCents) : 0;
    return { netCents, gstCents, totalCents: netCents + gstCents };
  });
  const sum = (pick: (line: BillLineMoney, index: number) => number) =>
    money.reduce((total, line, index) => total + pick(line, index), 0);
  return {
    lines: money,
    subtotalCents: sum((line) => line.netCents),
    gstFreeCents: sum((line, index) => (lines[index]!.gst ? 0 : line.netCents)),
    gstCents: sum((line) => line.gstCents),
    totalCents: sum((line) => line.totalCents),
  };
}

/** What the figures need of a bill's payment: its amount and the reversals made against it. */
export interface BillPaymentRecord {
  amountCents: number;
  status: string;
  refunds: readonly { amountCents: number; status: string }[];
}

/** What has been paid of a bill: its payments that went through less their reversals. */
export function billPaid(payments: readonly BillPaymentRecord[]): number {
  let paid = 0;
  for (const payment of payments) {
    if (payment.status !== 'succeeded') continue;
    paid += payment.amountCents;
    for (const refund of payment.refunds) {
      if (refund.status === 'succeeded') paid -= refund.amountCents;
    }
  }
  return paid;
}

export const billStatuses = ['draft', 'sent', 'overdue', 'paid', 'void'] as const;
export type BillStatus = (typeof billStatuses)[number];
export const billStatusLabels: Record<BillStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  overdue: 'Overdue',
  paid: 'Paid',
  void: 'Void',
};

/**
 * A bill's state: Void once voided, Paid once its payments cover its total, Draft until sent,
 * then Sent, or Overdue after its due date (`today` is the business's date, YYYY-MM-DD).
 */
export function billStatus(
  bill: { sentAt: unknown; voidedAt: unknown; dueDate: string },
  totalCents: number,
  paidCents: number,
  today: string,
): BillStatus {
  if (bill.voidedAt) return 'void';
  if (paidCents >= totalCents && paidCents > 0) return 'paid';
  if (!bill.sentAt) return 'draft';
  return bill.dueDate < today ? 'overdue' : 'sent';
}

/** 'B-0007': a bill's own number, apart from the tax invoice numbers of payments. */
export const billNumberOf = (number: number) => `B-${String(number).padStart(4, '0')}`;

export const billPaymentMethods = ['bank_transfer', 'cash', 'card', 'account_credit'] as const;
export type BillPaymentMethod = (typeof billPaymentMethods)[number];
export const billPaymentMethodLabels: Record<BillPaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  card: 'Card',
  account_credit: 'Account credit',
};

export const billLineAnswer = billLineSchema.extend({
  netCents: z.number().int(),
  gstCents: z.number().int(),
  totalCents: z.number().int(),
});

export const billPaymentSchema = z.object({
  _id: z.string(),
  method: z.enum(billPaymentMethods),
  amountCents: z.number().int(),
  reference: z.string(),
  receivedAt: z.string(),
  /** Its tax invoice ('INV-001234') and the PDF's address. */
  invoiceNumber: z.string(),
  invoiceUrl: z.string(),
  /** Reversed by an adjustment note (a mark made in error): its number and PDF. */
  reversal: z.object({ noteNumber: z.string(), url: z.string(), createdAt: z.string() }).nullable(),
});
export type BillPayment = z.infer<typeof billPaymentSchema>;

export const billSchema = z.object({
  _id: z.string(),
  number: z.string(),
  status: z.enum(billStatuses),
  customer: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    companyName: z.string(),
  }),
  lines: z.array(billLineAnswer),
  note: z.string(),
  dueDate: z.string(),
  currency: z.string(),
  subtotalCents: z.number().int(),
  gstFreeCents: z.number().int(),
  gstCents: z.number().int(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  dueCents: z.number().int(),
  sentAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  createdAt: z.string(),
  payments: z.array(billPaymentSchema),
  /** Staff only: the signed link the customer pays on; null for a draft or void bill. */
  payUrl: z.string().nullable(),
});
export type Bill = z.infer<typeof billSchema>;

export const billSummarySchema = billSchema.pick({
  _id: true,
  number: true,
  status: true,
  customer: true,
  dueDate: true,
  currency: true,
  totalCents: true,
  dueCents: true,
  sentAt: true,
  createdAt: true,
});
export type BillSummary = z.infer<typeof billSummarySchema>;

export const billListResponse = z.object({ bills: z.array(billSummarySchema) });

export const markBillPaidRequest = z.object({
  method: z.enum(['bank_transfer', 'cash'], { message: 'Choose how it was paid' }),
  receivedOn: z.iso.date({ message: 'Choose the date it was received' }),
  reference: z.string().trim().max(200, 'Reference can be at most 200 characters').default(''),
});
export type MarkBillPaidRequest = z.input<typeof markBillPaidRequest>;

export const reverseBillPaymentRequest = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Say why the payment is reversed')
    .max(500, 'Reason can be at most 500 characters'),
});

/** The shop's bank account, shown on the pay page when it is set (Business details). */
export const bankDetailsSchema = z.object({
  accountName: z.string(),
  bsb: z.string(),
  accountNumber: z.string(),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/** What the pay link shows: no staff notes, no other customer's data. */
export const publicBillSchema = billSchema
  .pick({
    _id: true,
    number: true,
    status: true,
    lines: true,
    note: true,
    dueDate: true,
    currency: true,
    subtotalCents: true,
    gstFreeCents: true,
    gstCents: true,
    totalCents: true,
    paidCents: true,
    dueCents: true,
  })
  .extend({
    customerName: z.string(),
    companyName: z.string(),
    bank: bankDetailsSchema.nullable(),
  });
export type PublicBill = z.infer<typeof publicBillSchema>;

export const payBillRequest = z.object({
  token: z.string().min(1).max(200),
  paymentMethodId: z.string().trim().min(1).max(200),
  idempotencyKey: z.string().min(8).max(200),
});
export const confirmBillPaymentRequest = z.object({
  token: z.string().min(1).max(200),
  paymentIntentId: z.string().min(1).max(200),
});
export const payBillResponse = z.union([
  z.object({ status: z.literal('paid') }),
  z.object({
    status: z.literal('requires_action'),
    clientSecret: z.string(),
    paymentIntentId: z.string(),
  }),
]);
export type PayBillResponse = z.infer<typeof payBillResponse>;
