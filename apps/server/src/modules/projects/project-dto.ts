import type { Project } from '@noise/shared/project';
import { orderMoney } from '@noise/shared/order-money';
import { toDollars } from '@noise/shared/pricing';
import { displayNameOf } from '@noise/shared/user';
import { toUserDto } from '../users/repository.ts';
import type { ProjectRepository, ProjectRow } from './repository.ts';

type Related = Awaited<ReturnType<ProjectRepository['loadRelated']>>;

/** loadRelated()'s rows by project and people by id: one pass, not one scan per project. */
export interface GroupedRelated {
  updates: Map<string, Related['updates']>;
  extras: Map<string, Related['extras']>;
  payments: Map<string, Related['payments']>;
  refunds: Map<string, Related['refunds']>;
  people: Map<string, Related['people'][number]>;
  briefed: Set<string>;
  nextPeriods: Map<string, Date>;
  cancelledPlans: Set<string>;
  /** Quote id -> when its proposal was signed. */
  signedQuotes: Map<string, Date>;
  /** Quote id -> when we asked for its balance. */
  balanceRequests: Map<string, Date>;
  /** Plan id -> its title and order number, for the rows that are requests. */
  plans: Map<string, { title: string; orderNumber: number }>;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string | null): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

export function groupRelated(related: Related): GroupedRelated {
  return {
    updates: groupBy(related.updates, (u) => u.projectId),
    extras: groupBy(related.extras, (e) => e.projectId),
    payments: groupBy(related.payments, (p) => p.projectId),
    refunds: groupBy(related.refunds, (r) => r.paymentId),
    people: new Map(related.people.map((p) => [p.id, p])),
    briefed: related.briefed,
    nextPeriods: related.nextPeriods,
    cancelledPlans: related.cancelledPlans,
    signedQuotes: related.signedQuotes,
    balanceRequests: related.balanceRequests,
    plans: related.plans,
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A project as docs/product.md#data-shapes shows it, from its row and what loadRelated() found. */
export function toProjectDto(row: ProjectRow, related: GroupedRelated): Project {
  const person = (id: string | null) => (id ? related.people.get(id) : undefined);
  const owner = person(row.userId);
  const coordinator = person(row.coordinatorId);
  const ownerDto = owner
    ? toUserDto(owner)
    : { _id: row.userId, email: '', profile: emptyProfile() };
  return {
    _id: row.id,
    orderNumber: row.orderNumber,
    type: row.type,
    user: { _id: ownerDto._id, email: ownerDto.email, profile: ownerDto.profile },
    companyId: row.companyId,
    service: {
      _id: row.serviceId,
      title: row.serviceTitle,
      description: row.serviceDescription,
      featurePhoto: row.serviceFeaturePhotoUrl,
    },
    status: row.status,
    startDate: row.startDate.toISOString(),
    expectedDeliveryDate: iso(row.expectedDeliveryDate),
    deliveryDays: row.deliveryDays,
    deliveryDate: iso(row.deliveryDate),
    totalPrice: toDollars(row.totalPriceCents),
    oneTimeTotalWithGST: toDollars(row.oneTimeTotalWithGstCents),
    recurringTotalWithGST: toDollars(row.recurringTotalWithGstCents),
    currency: row.currency,
    money: orderMoney({
      currency: row.currency,
      packageType: row.packageType,
      recurringTotalWithGstCents: row.recurringTotalWithGstCents,
      oneTimeTotalWithGstCents: row.oneTimeTotalWithGstCents,
      depositWithGstCents: row.depositWithGstCents,
      planCancelled: related.cancelledPlans.has(row.id),
      payments: (related.payments.get(row.id) ?? []).map((p) => ({
        ...p,
        refunds: related.refunds.get(p.id) ?? [],
      })),
    }),
    package: {
      title: row.packageTitle,
      type: row.packageType,
      priceSuffix: row.packagePriceSuffix,
      features: row.packageFeatures.join(', '),
      baseCost: toDollars(row.packageBaseCostCents),
      recurringCost: toDollars(row.packageRecurringCostCents),
    },
    coordinator: row.coordinatorId,
    coordinatorName: coordinator ? displayNameOf(coordinator) || coordinator.email : '',
    quoteId: row.quoteId,
    proposalSigned: row.quoteId !== null && related.signedQuotes.has(row.quoteId),
    proposalSignedAt: iso((row.quoteId && related.signedQuotes.get(row.quoteId)) || null),
    balanceRequestedAt: iso((row.quoteId && related.balanceRequests.get(row.quoteId)) || null),
    statusUpdates: (related.updates.get(row.id) ?? []).map((u) => ({
      _id: u.id,
      title: u.title,
      description: u.description,
      date: u.date.toISOString(),
      createdAt: u.createdAt.toISOString(),
    })),
    extras: (related.extras.get(row.id) ?? []).map((e) => ({
      _id: e.id,
      title: e.title,
      description: e.description,
      price: toDollars(e.priceCents),
    })),
    paymentDetails: (related.payments.get(row.id) ?? []).map((p) => ({
      paymentType: p.provider,
      transactionId: p.transactionId,
      amount: p.amountCents,
      currency: p.currency,
    })),
    contact: {
      firstName: row.contactFirstName,
      lastName: row.contactLastName,
      companyName: row.contactCompanyName,
      contactNumber: row.contactNumber,
      emailAddress: row.contactEmail,
    },
    briefSubmitted: related.briefed.has(row.id),
    nextPeriodAt: iso(related.nextPeriods.get(row.id) ?? null),
    request: requestOf(row, related),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A request of a plan: its plan and state, so every list can label it (docs/decisions/091). */
function requestOf(row: ProjectRow, related: GroupedRelated): Project['request'] {
  if (!row.planProjectId) return null;
  const plan = related.plans.get(row.planProjectId);
  return {
    planId: row.planProjectId,
    planTitle: plan?.title ?? row.packageTitle,
    planOrderNumber: plan?.orderNumber ?? 0,
    state: row.requestState ?? 'queued',
  };
}

function emptyProfile() {
  return {
    firstName: '',
    lastName: '',
    displayName: '',
    companyName: '',
    contactNumber: '',
    bio: '',
    profilePhotoURL: '',
  };
}

export async function loadProjectDtos(repo: ProjectRepository, rows: readonly ProjectRow[]) {
  const related = groupRelated(await repo.loadRelated(rows));
  return rows.map((row) => toProjectDto(row, related));
}
