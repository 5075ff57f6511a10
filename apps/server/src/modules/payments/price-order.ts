import { termsOfType } from '@noise/shared/intervals';
import { createHash } from 'node:crypto';
import { ASSIGN_COORDINATOR, type HandlePaymentRequest } from '@noise/shared/payments';
import { AU_PHONE_MESSAGE, isValidAustralianPhone, normalizePhone } from '@noise/shared/phone';
import { discountLabel } from '@noise/shared/discounts';
import { priceOrderWithDiscount } from '@noise/shared/discount-pricing';
import { formatMoney, isRecurring, priceQuote } from '@noise/shared/pricing';
import {
  depositLabel,
  isExpired,
  quoteDueNow,
  splitCommaList,
  type QuotePart,
} from '@noise/shared/quote';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { UserRow } from '../users/repository.ts';
import { refuseCode, type UsableDiscount } from '../discounts/discount-codes.ts';
import type { OrderSources } from './order-sources-repository.ts';
import type { PaymentLineItem, PricedOrder } from './repository.ts';

type Body = Extract<HandlePaymentRequest, object> & {
  idempotencyKey?: string;
};

export type { PricedOrder };

/** The least a card payment can be (Stripe's minimum in Australian dollars): a code cannot go below. */
export const MIN_CHARGE_CENTS = 50;

/** The parts of a request that define the order: a key reused with other parts is refused. */
export function hashOrderRequest(body: HandlePaymentRequest): string {
  const d = body.projectDetails as Record<string, unknown>;
  const essentials =
    body.type === 'customQuote'
      ? { quoteId: d.quoteId, coordinator: d.coordinatorId }
      : {
          service: serviceRef(body),
          package: packageRef(body),
          extras: ((d.extras as { _id: string }[] | undefined) ?? []).map((e) => e._id),
          coordinator: d.coordinator,
          discountCode: typeof d.discountCode === 'string' ? d.discountCode.toLowerCase() : '',
        };
  const json = JSON.stringify({
    type: body.type,
    amount: body.amount,
    paymentMethod: body.payment_method,
    ...(body.creditCents ? { credit: body.creditCents } : {}),
    ...essentials,
  });
  return createHash('sha256').update(json).digest('hex');
}

function serviceRef(body: HandlePaymentRequest): string | undefined {
  if (body.type !== 'normal') return undefined;
  const d = body.projectDetails;
  if (d.serviceId) return d.serviceId;
  if (typeof d.service === 'string') return d.service;
  return d.service?._id;
}

function packageRef(body: HandlePaymentRequest): { id?: string; title?: string } {
  if (body.type !== 'normal') return {};
  const d = body.projectDetails;
  return {
    id: d.packageId ?? (d.package?._id || undefined),
    title: d.packageTitle ?? d.package?.title,
  };
}

function contactOf(
  user: UserRow,
  details: { companyName?: string; contactNumber?: string },
): Pick<PricedOrder, 'contact' | 'fillProfile'> {
  // docs/product.md#your-details: company and contact number are asked only when missing.
  const fillProfile: PricedOrder['fillProfile'] = {};
  let companyName = user.companyName.trim();
  if (!companyName) {
    companyName = details.companyName?.trim() ?? '';
    if (!companyName) throw badRequest('Please enter your company name');
    fillProfile.companyName = companyName;
  }
  let contactNumber = user.contactNumber.trim();
  if (!contactNumber) {
    const given = details.contactNumber?.trim() ?? '';
    if (!given) throw badRequest('Please enter your contact number');
    if (!isValidAustralianPhone(given)) throw badRequest(AU_PHONE_MESSAGE);
    contactNumber = normalizePhone(given);
    fillProfile.contactNumber = contactNumber;
  }
  return {
    contact: {
      firstName: user.firstName,
      lastName: user.lastName,
      companyName,
      contactNumber,
      emailAddress: user.email,
    },
    fillProfile,
  };
}

function refuseMismatch(sent: number, expected: number): never {
  throw badRequest(
    `The amount to pay (${formatMoney(sent)}) does not match the order total (${formatMoney(expected)}). Prices may have changed: please review your order and try again. You have not been charged.`,
    [{ path: 'body.amount', message: `Expected ${expected} cents` }],
  );
}

/**
 * Prices the order from the database and checks it against what the page showed. Throws a 400
 * (nothing charged, nothing recorded) on any difference.
 */
export async function priceOrderRequest(
  sources: OrderSources & {
    /** The code a buyer typed, if usable on this service today (discounts module). */
    usableDiscountCode: (code: string, serviceId: string) => Promise<UsableDiscount>;
  },
  user: UserRow,
  body: Body,
): Promise<PricedOrder> {
  if (body.type === 'customQuote') return priceQuoteRequest(sources, user, body);
  const details = body.projectDetails;

  const coordinatorId = await chosenCoordinator(sources, details.coordinator);

  const serviceId = serviceRef(body);
  if (!serviceId) throw badRequest('The order names no service');
  const service = await sources.findService(serviceId);
  if (!service || service.archivedAt) {
    throw badRequest('This service is no longer available. Please choose another.');
  }

  const ref = packageRef(body);
  const packages = await sources.listPackages(service.id);
  const pkg =
    (ref.id ? packages.find((p) => p.id === ref.id) : undefined) ??
    (ref.title !== undefined ? packages.find((p) => p.title === ref.title) : undefined);
  if (!pkg) throw badRequest('This package is no longer available. Please review your order.');

  const extraIds = (details.extras ?? []).map((e) => e._id);
  if (new Set(extraIds).size !== extraIds.length) {
    throw badRequest('An extra is listed twice. Please review your order.');
  }
  const found = await sources.findExtras(service.id, extraIds);
  if (found.length !== extraIds.length) {
    throw badRequest('An extra you chose is no longer available. Please review your order.');
  }
  const extras = extraIds.map((id) => found.find((e) => e.id === id)!);

  const priced = {
    type: pkg.type,
    baseCostCents: pkg.baseCostCents,
    recurringCostCents: pkg.recurringCostCents,
  };
  const extraCents = extras.map((e) => e.priceCents);
  const code = details.discountCode
    ? await sources.usableDiscountCode(details.discountCode, service.id)
    : null;
  const price = priceOrderWithDiscount(priced, extraCents, code?.discount ?? null);
  if (code?.minimumOrderCents) {
    // The minimum is the first payment before GST and before the code.
    const first = price.oneTimeTotalCents + (isRecurring(pkg.type) ? pkg.recurringCostCents : 0);
    if (first < code.minimumOrderCents) {
      throw refuseCode(
        `The code ${code.code} needs an order of at least ${formatMoney(code.minimumOrderCents)} before GST.`,
      );
    }
  }
  if (code && price.grandTotalCents < MIN_CHARGE_CENTS) {
    throw refuseCode(
      `With the code ${code.code} the first payment would be below ${formatMoney(MIN_CHARGE_CENTS)}, the least a card can be charged.`,
    );
  }
  if (body.amount !== price.grandTotalCents) refuseMismatch(body.amount, price.grandTotalCents);

  const recurring = isRecurring(pkg.type);
  const lineItems: PaymentLineItem[] = [
    { description: `${service.title}: ${pkg.title}`, amountCents: pkg.baseCostCents },
    ...extras.map((e) => ({ description: `Extra: ${e.title}`, amountCents: e.priceCents })),
  ];
  if (recurring) {
    lineItems.push({
      description: `${pkg.title}: first ${termsOfType(pkg.type).period} (${pkg.type} fee)`,
      amountCents: pkg.recurringCostCents,
    });
  }
  if (code && price.discountCents > 0) {
    lineItems.push({
      description: `Discount: code ${code.code} (${discountLabel(code.discount, (c) => formatMoney(c))})`,
      amountCents: -price.discountCents,
    });
  }

  return {
    type: 'normal',
    projectType: 'Project',
    serviceId: service.id,
    quoteId: null,
    coordinatorId,
    service: {
      title: service.title,
      description: service.description,
      featurePhoto: service.featurePhotoUrl,
    },
    package: {
      title: pkg.title,
      type: pkg.type,
      priceSuffix: pkg.priceSuffix,
      features: pkg.features,
      baseCostCents: pkg.baseCostCents,
      recurringCostCents: pkg.recurringCostCents,
      activeRequestLimit: recurring ? pkg.activeRequestLimit : null,
      requestsPerPeriod: recurring ? pkg.requestsPerPeriod : null,
    },
    extras: extras.map((e) => ({
      title: e.title,
      description: e.description,
      priceCents: e.priceCents,
    })),
    totalPriceCents: price.displayTotalCents,
    oneTimeTotalWithGstCents: price.oneTimeTotalWithGstCents,
    recurringTotalWithGstCents: price.recurringTotalWithGstCents,
    amountCents: price.grandTotalCents,
    gstCents: price.gstCents,
    lineItems,
    ...(code
      ? {
          discount: {
            codeId: code.id,
            code: code.code,
            discountCents: price.discountCents,
            recurringDiscountCents: price.recurringDiscountCents,
            maxUses: code.maxUses,
            maxUsesPerCustomer: code.maxUsesPerCustomer,
          },
        }
      : {}),
    ...contactOf(user, details),
  };
}

/** The co-ordinator the buyer chose, or null when they asked us to assign one. */
async function chosenCoordinator(sources: OrderSources, choice: string): Promise<string | null> {
  if (choice === ASSIGN_COORDINATOR) return null;
  const coordinator = await sources.findCoordinator(choice);
  if (!coordinator) throw badRequest('Please choose one of our coordinators');
  return coordinator.id;
}

async function priceQuoteRequest(
  sources: OrderSources,
  user: UserRow,
  body: Extract<HandlePaymentRequest, { type: 'customQuote' }>,
): Promise<PricedOrder> {
  const details = body.projectDetails;
  const quote = await sources.findQuote(details.quoteId);
  if (!quote) throw notFound('This quote does not exist');
  if (quote.paidAt) throw conflict('This quote has already been paid.');
  // A proposal for a customer's account is their company's to pay (docs/product.md#proposals).
  if (quote.customerId && !(await sources.isOfCustomersCompany(quote.customerId, user.id))) {
    throw forbidden('This proposal is for another customer.');
  }
  if (!quote.depositPaidAt) {
    if (quote.declinedAt) {
      throw conflict('This proposal was declined, so it cannot be paid. Ask us for a new one.');
    }
    if (!quote.acceptedAt && isExpired(quote.validUntil)) {
      throw conflict(
        'This proposal has expired, so it can no longer be paid. Ask us to extend it.',
      );
    }
    // What is paid for is what was signed (docs/decisions/077-proposals.md).
    if (!quote.acceptedAt) throw conflict('Accept and sign this proposal before paying it.');
  }

  const due = quoteDueNow(quote, quote.depositPaidAt !== null);
  if (due.kind === 'balance') return priceBalance(sources, user, body, quote, due.price);

  const coordinatorId = await chosenCoordinator(sources, details.coordinatorId);

  const charged = due.price;
  if (body.amount !== charged.totalWithGstCents) {
    refuseMismatch(body.amount, charged.totalWithGstCents);
  }

  return {
    ...quoteOrder(quote),
    coordinatorId,
    amountCents: charged.totalWithGstCents,
    gstCents: charged.gstCents,
    lineItems: [
      due.kind === 'deposit'
        ? {
            description: `${depositLabel(quote)} on custom quote: ${quote.name}`,
            amountCents: charged.totalCents,
          }
        : { description: `Custom quote: ${quote.name}`, amountCents: quote.valueCents },
    ],
    ...(due.kind === 'deposit'
      ? { quotePart: { kind: 'deposit', depositWithGstCents: charged.totalWithGstCents } }
      : {}),
    ...contactOf(user, details),
  };
}

type QuoteRow = NonNullable<Awaited<ReturnType<OrderSources['findQuote']>>>;

/** What every payment of a quote orders: the quote as its project copies it, whole. */
function quoteOrder(quote: QuoteRow) {
  return {
    type: 'customQuote' as const,
    projectType: 'CustomQuote' as const,
    serviceId: null,
    quoteId: quote.id,
    service: { title: quote.name, description: quote.summary, featurePhoto: '' },
    package: {
      title: quote.name,
      type: 'one-time' as const,
      priceSuffix: 'excluding GST',
      features: splitCommaList(quote.deliverables),
      baseCostCents: quote.valueCents,
      recurringCostCents: 0,
      activeRequestLimit: null,
      requestsPerPeriod: null,
    },
    // The quote's extras are part of its price: copied as included items.
    extras: splitCommaList(quote.extras).map((title) => ({
      title,
      description: '',
      priceCents: 0,
    })),
    totalPriceCents: quote.valueCents,
    oneTimeTotalWithGstCents: priceQuote(quote.valueCents).totalWithGstCents,
    recurringTotalWithGstCents: 0,
  };
}

/**
 * The balance of a quote whose deposit made its project (docs/decisions/070-quote-deposits.md):
 * paid by that project's customer once staff asked for it, on the same project.
 */
async function priceBalance(
  sources: OrderSources,
  user: UserRow,
  body: Extract<HandlePaymentRequest, { type: 'customQuote' }>,
  quote: QuoteRow,
  price: QuotePart,
): Promise<PricedOrder> {
  // Only the client whose project it is pays its balance (anyone of its company, Billing too);
  // to anyone else the quote is paid.
  const project = await sources.findQuoteProject(quote.id);
  if (!project || !(await sources.isQuoteProjectsCustomer(quote.id, user.id))) {
    throw conflict('This quote has already been paid.');
  }
  if (!quote.balanceRequestedAt) {
    throw conflict(
      'The balance of this quote is not due yet: we will email you a link when the work is ready.',
    );
  }
  if (body.amount !== price.totalWithGstCents) refuseMismatch(body.amount, price.totalWithGstCents);
  return {
    ...quoteOrder(quote),
    coordinatorId: null,
    amountCents: price.totalWithGstCents,
    gstCents: price.gstCents,
    lineItems: [
      { description: `Balance of custom quote: ${quote.name}`, amountCents: price.totalCents },
    ],
    quotePart: { kind: 'balance', projectId: project.id },
    // The project has its contact already; the balance changes nothing of the account.
    contact: {
      firstName: user.firstName,
      lastName: user.lastName,
      companyName: user.companyName,
      contactNumber: user.contactNumber,
      emailAddress: user.email,
    },
    fillProfile: {},
  };
}
