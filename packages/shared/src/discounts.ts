import { z } from 'zod';
import { localDateSchema } from './dates.ts';
import { moneyAmountCents } from './fields.ts';

/**
 * Discount codes (docs/product.md#discount-codes): what staff set, what a buyer's code answers,
 * and the discount itself, which pricing.ts applies (GST on the discounted price, whole cents).
 */

export const discountKinds = ['percent', 'amount'] as const;
export const discountDurations = ['first_payment', 'every_renewal'] as const;
export type DiscountDuration = (typeof discountDurations)[number];

/** What pricing needs of a code: how much comes off, and off which payments. */
export interface Discount {
  kind: (typeof discountKinds)[number];
  /** For 'percent': whole percent, 1 to 100. */
  percent: number;
  /** For 'amount': cents before GST taken off each discounted payment. */
  amountCents: number;
  duration: DiscountDuration;
}

export const discountSchema = z.object({
  kind: z.enum(discountKinds),
  percent: z.number().int(),
  amountCents: z.number().int(),
  duration: z.enum(discountDurations),
});

/** A code as typed: letters, digits, '-' and '_', 3 to 32; compared without case. */
export const discountCodeText = z
  .string()
  .trim()
  .min(3, 'The code must be at least 3 characters')
  .max(32, 'The code can be at most 32 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'The code may use letters, digits, - and _ only, no spaces');

/** 'Save 20%' / '$50.00 off' and for how long, as the summary and the staff list say it. */
export function discountLabel(discount: Discount, format: (cents: number) => string): string {
  const off =
    discount.kind === 'percent'
      ? `${discount.percent}% off`
      : `${format(discount.amountCents)} off`;
  return discount.duration === 'every_renewal'
    ? `${off} every payment`
    : `${off} the first payment`;
}

const optionalCount = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(1_000_000, `${label} is too large`)
    .nullable()
    .default(null);

/** POST /api/discount-codes and PUT /api/discount-codes/{id}: a code as staff set it. */
export const discountCodeRequest = z
  .object({
    code: discountCodeText,
    kind: z.enum(discountKinds, { error: 'Choose a percentage or a fixed amount' }),
    /** For 'percent': 1 to 100. */
    percent: z.number().int('The percentage must be a whole number').nullable().default(null),
    /** For 'amount': dollars before GST, at most two decimals. */
    amount: moneyAmountCents('The amount').nullable().default(null),
    /** Every service (empty) or these services' ids. */
    serviceIds: z.array(z.string().min(1).max(200)).max(500).default([]),
    duration: z.enum(discountDurations).default('first_payment'),
    /** Local dates in BUSINESS_TIMEZONE, inclusive; no end date: open-ended. */
    startsOn: localDateSchema,
    endsOn: localDateSchema.nullable().default(null),
    maxUses: optionalCount('Total uses'),
    maxUsesPerCustomer: optionalCount('Uses per customer'),
    /** The order's first payment before GST must reach this many dollars. */
    minimumOrder: moneyAmountCents('The minimum order').nullable().default(null),
    active: z.boolean().default(true),
  })
  .superRefine((body, context) => {
    if (
      body.kind === 'percent' &&
      (body.percent === null || body.percent < 1 || body.percent > 100)
    ) {
      context.addIssue({
        code: 'custom',
        path: ['percent'],
        message: 'The percentage must be between 1 and 100',
      });
    }
    if (body.kind === 'amount' && body.amount === null) {
      context.addIssue({ code: 'custom', path: ['amount'], message: 'Enter the amount off' });
    }
    if (body.endsOn !== null && body.endsOn < body.startsOn) {
      context.addIssue({
        code: 'custom',
        path: ['endsOn'],
        message: 'The end date must be on or after the start date',
      });
    }
  });
export type DiscountCodeRequest = z.input<typeof discountCodeRequest>;

/** A code as staff see it, with what it has given. */
export const discountCodeSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(discountKinds),
  percent: z.number().int().nullable(),
  /** Cents before GST, for 'amount'. */
  amountCents: z.number().int().nullable(),
  serviceIds: z.array(z.string()),
  duration: z.enum(discountDurations),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  minimumOrderCents: z.number().int().nullable(),
  active: z.boolean(),
  /** Paid orders that used it, and the discount they were given (before GST), in cents. */
  uses: z.number().int(),
  discountGivenCents: z.number().int(),
  createdAt: z.string(),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;

/** POST /api/discount-codes/check: a buyer's code for an order, before paying. */
export const checkDiscountRequest = z.object({
  code: z.string().trim().min(1, 'Enter a discount code').max(64),
  serviceId: z.string().min(1).max(200),
});
export const checkDiscountResponse = z.object({
  /** The code as staff wrote it. */
  code: z.string(),
  discount: discountSchema,
  /** The first payment before GST must reach this, in cents; null: any order. */
  minimumOrderCents: z.number().int().nullable(),
});
export type CheckDiscountResponse = z.infer<typeof checkDiscountResponse>;
