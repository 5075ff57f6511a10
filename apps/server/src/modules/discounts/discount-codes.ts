import type { z } from 'zod';
import { localDate } from '@noise/shared/dates';
import type {
  CheckDiscountResponse,
  Discount,
  DiscountCode,
  discountCodeRequest,
} from '@noise/shared/discounts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { mailDate } from '../../lib/mail-date.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { DiscountCodeRow, DiscountRepository, NewDiscountCode } from './repository.ts';

type CodeRequest = z.output<typeof discountCodeRequest>;

export interface DiscountDeps {
  discounts: DiscountRepository;
  /** BUSINESS_TIMEZONE: a code's dates are days there. */
  timeZone: string;
  now: () => Date;
}

/**
 * How long a payment waiting on the bank's check (3-D Secure) holds its use of a limited code
 * from other buyers (docs/decisions/087-discount-code-holds.md): long enough to answer the bank,
 * short enough that an abandoned checkout does not keep a code's last use from real customers.
 */
export const DISCOUNT_HOLD_MS = 5 * 60_000;

/** What pricing takes off with this code (pricing.ts). */
export function discountOf(row: DiscountCodeRow): Discount {
  return {
    kind: row.kind,
    percent: row.percent ?? 0,
    amountCents: row.amountCents ?? 0,
    duration: row.duration,
  };
}

/** Why a buyer's code cannot be used, as a 400 naming the code field. */
export const refuseCode = (message: string) =>
  new AppError('discount_refused', 400, message, [{ path: 'discountCode', message }]);
const refuse = refuseCode;

/** A code's date ('2026-12-01', a day in BUSINESS_TIMEZONE) as mails say it: '01 Dec, 2026'. */
const day = (value: string) => mailDate(new Date(`${value}T12:00:00Z`), 'UTC');

/**
 * The code a buyer typed, if it can be used today on this service; otherwise a 400 that says
 * why: unknown, archived, not yet valid, expired, for other services, or used up. (Uses per
 * customer and the minimum order are checked when the order is priced and paid.)
 */
export async function usableCode(
  deps: DiscountDeps,
  typed: string,
  serviceId: string,
): Promise<DiscountCodeRow> {
  const row = await deps.discounts.findByCode(typed);
  if (!row) throw refuse(`There is no discount code ${typed.trim().toUpperCase()}.`);
  if (!row.active) throw refuse(`The code ${row.code} is no longer available.`);
  const today = localDate(deps.now(), deps.timeZone);
  if (today < row.startsOn)
    throw refuse(`The code ${row.code} can be used from ${day(row.startsOn)}.`);
  if (row.endsOn && today > row.endsOn)
    throw refuse(`The code ${row.code} expired on ${day(row.endsOn)}.`);
  if (row.serviceIds.length && !row.serviceIds.includes(serviceId)) {
    throw refuse(`The code ${row.code} does not apply to this service.`);
  }
  if (row.maxUses !== null) {
    // A payment waiting on the bank's check holds its use only for DISCOUNT_HOLD_MS: after that
    // the checkout that needs the use cancels it (handle-payment.ts, docs/decisions/087).
    const holding = await deps.discounts.countLiveUses(row.id, row.maxUses, {
      holdMs: DISCOUNT_HOLD_MS,
    });
    if (holding >= row.maxUses) {
      const settled = await deps.discounts.countLiveUses(row.id, row.maxUses, {
        settledOnly: true,
      });
      throw refuse(
        settled >= row.maxUses
          ? usedUpMessage(row.code)
          : `Every use left of the code ${row.code} is held by a payment waiting for the bank’s confirmation. Try again in a few minutes.`,
      );
    }
  }
  return row;
}

export const usedUpMessage = (code: string) => `The code ${code} has been used up.`;

/** POST /api/discount-codes/check: what a buyer's code takes off, before paying. */
export async function checkDiscountCode(
  deps: DiscountDeps,
  body: { code: string; serviceId: string },
): Promise<CheckDiscountResponse> {
  const row = await usableCode(deps, body.code, body.serviceId);
  return { code: row.code, discount: discountOf(row), minimumOrderCents: row.minimumOrderCents };
}

function toValues(body: CodeRequest, caller: AuthUser): NewDiscountCode {
  return {
    code: body.code,
    kind: body.kind,
    percent: body.kind === 'percent' ? body.percent : null,
    amountCents: body.kind === 'amount' ? body.amount : null,
    serviceIds: [...new Set(body.serviceIds)],
    duration: body.duration,
    startsOn: body.startsOn,
    endsOn: body.endsOn,
    maxUses: body.maxUses,
    maxUsesPerCustomer: body.maxUsesPerCustomer,
    minimumOrderCents: body.minimumOrder,
    active: body.active,
    createdById: caller.id,
  };
}

export function toDiscountCodeDto(
  row: DiscountCodeRow,
  used: { uses: number; discountGivenCents: number } = { uses: 0, discountGivenCents: 0 },
): DiscountCode {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amountCents: row.amountCents,
    serviceIds: row.serviceIds,
    duration: row.duration,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    minimumOrderCents: row.minimumOrderCents,
    active: row.active,
    uses: used.uses,
    discountGivenCents: used.discountGivenCents,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listDiscountCodes(deps: DiscountDeps): Promise<DiscountCode[]> {
  const rows = await deps.discounts.list();
  return rows.map(({ code, ...used }) => toDiscountCodeDto(code, used));
}

const taken = (code: string) =>
  conflict(`A code ${code.toUpperCase()} exists already (codes do not depend on case).`);

export async function createDiscountCode(
  deps: DiscountDeps,
  caller: AuthUser,
  body: CodeRequest,
): Promise<DiscountCode> {
  const row = await deps.discounts.insert(toValues(body, caller));
  if (!row) throw taken(body.code);
  return toDiscountCodeDto(row);
}

export async function updateDiscountCode(
  deps: DiscountDeps,
  caller: AuthUser,
  id: string,
  body: CodeRequest,
): Promise<DiscountCode> {
  const existing = await deps.discounts.find(id);
  if (!existing) throw notFound('Discount code not found');
  const row = await deps.discounts.update(id, {
    ...toValues(body, caller),
    createdById: existing.createdById,
  });
  if (!row) throw taken(body.code);
  const used = (await deps.discounts.list()).find((r) => r.code.id === id);
  return toDiscountCodeDto(row, used);
}

/** A usable code as the checkout prices with it. */
export interface UsableDiscount {
  id: string;
  code: string;
  discount: Discount;
  minimumOrderCents: number | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
}

export async function usableDiscount(
  deps: DiscountDeps,
  typed: string,
  serviceId: string,
): Promise<UsableDiscount> {
  const row = await usableCode(deps, typed, serviceId);
  return {
    id: row.id,
    code: row.code,
    discount: discountOf(row),
    minimumOrderCents: row.minimumOrderCents,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
  };
}
