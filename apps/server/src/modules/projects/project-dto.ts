import type { Project } from '@noise/shared/project';
import { toDollars } from '@noise/shared/pricing';
import { displayNameOf } from '@noise/shared/user';
import { toUserDto } from '../users/repository.ts';
import type { ProjectRepository, ProjectRow } from './repository.ts';

type Related = Awaited<ReturnType<ProjectRepository['loadRelated']>>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A project as SPEC.md section 3 shows it, from its row and what loadRelated() found. */
export function toProjectDto(row: ProjectRow, related: Related): Project {
  const person = (id: string | null) => (id ? related.people.find((p) => p.id === id) : undefined);
  const owner = person(row.userId);
  const coordinator = person(row.coordinatorId);
  const ownerDto = owner
    ? toUserDto(owner)
    : { _id: row.userId, email: '', profile: emptyProfile() };
  return {
    _id: row.id,
    type: row.type,
    user: { _id: ownerDto._id, email: ownerDto.email, profile: ownerDto.profile },
    service: {
      _id: row.serviceId,
      title: row.serviceTitle,
      description: row.serviceDescription,
      featurePhoto: row.serviceFeaturePhotoUrl,
    },
    status: row.status,
    startDate: row.startDate.toISOString(),
    expectedDeliveryDate: iso(row.expectedDeliveryDate),
    deliveryDate: iso(row.deliveryDate),
    totalPrice: toDollars(row.totalPriceCents),
    oneTimeTotalWithGST: toDollars(row.oneTimeTotalWithGstCents),
    recurringTotalWithGST: toDollars(row.recurringTotalWithGstCents),
    currency: row.currency,
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
    statusUpdates: related.updates
      .filter((u) => u.projectId === row.id)
      .map((u) => ({
        _id: u.id,
        title: u.title,
        description: u.description,
        date: u.date.toISOString(),
        createdAt: u.createdAt.toISOString(),
      })),
    extras: related.extras
      .filter((e) => e.projectId === row.id)
      .map((e) => ({
        _id: e.id,
        title: e.title,
        description: e.description,
        price: toDollars(e.priceCents),
      })),
    paymentDetails: related.payments
      .filter((p) => p.projectId === row.id)
      .map((p) => ({
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
    createdAt: row.createdAt.toISOString(),
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
  const related = await repo.loadRelated(rows);
  return rows.map((row) => toProjectDto(row, related));
}
