import type { FastifyBaseLogger } from 'fastify';
import {
  SERVICE_UPLOAD_LIMITS,
  VIDEO_PLACEHOLDER_THUMBNAIL,
  type ManageService,
  type ServiceForm,
} from '@noise/shared/catalogue-admin';
import { DEFAULT_DELIVERY_DAYS } from '@noise/shared/due-dates';
import { formatMoney, initialInvestmentOf, toCents } from '@noise/shared/pricing';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { SavedUpload } from '../../lib/uploads.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { FileStore } from '../../plugins/file-store.ts';
import type { Repositories } from '../../repositories.ts';
import type { AuditEntry } from '../audit/repository.ts';
import type { ExtraValues, PackageValues } from './manage-repository.ts';
import { toServiceDto, type ServiceChildren, type ServiceRow } from './repository.ts';
import { refuseIfLinked } from './navigation-links.ts';
import { removeStoredFiles, storedUrlOf } from './stored-files.ts';

export interface ManageDeps {
  repos: Repositories;
  files: FileStore;
  log: FastifyBaseLogger;
  /** Kept file URLs may come back absolute on this origin; they are stored as paths. */
  publicUrl: string;
}

export interface ServiceUploads {
  featurePhoto?: SavedUpload;
  comparisonPdf?: SavedUpload;
  gallery: SavedUpload[];
  featureVideos: SavedUpload[];
  featureVideoThumbnails: SavedUpload[];
}

export function toManageServiceDto(row: ServiceRow, children: ServiceChildren): ManageService {
  return {
    ...toServiceDto(row, children),
    archived: row.archivedAt !== null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    intakeQuestions: row.intakeQuestions,
  };
}

/** The service as staff edit it, archived or not. */
export async function loadManagedService(repos: Repositories, id: string): Promise<ManageService> {
  const row = await repos.catalogueManage.findService(id);
  if (!row) throw notFound('Service not found');
  return toManageServiceDto(row, await repos.catalogueManage.serviceChildren(id));
}

/** A URL sent back by the form, as stored: our own absolute URLs become paths. */
export function asStoredUrl(url: string, publicUrl: string): string {
  const trimmed = url.trim();
  return trimmed.startsWith(`${publicUrl}/`) ? trimmed.slice(publicUrl.length) : trimmed;
}

/**
 * The one file of a field after a save: a new upload wins; otherwise the text field '' removes
 * it, the current URL (or no field at all) keeps it. Any other URL is refused: the form cannot
 * point a service at a file we did not store for it.
 */
function resolveSingleFile(
  upload: SavedUpload | undefined,
  sent: string | undefined,
  current: string,
  label: string,
  publicUrl: string,
): string {
  if (upload) return storedUrlOf(upload);
  if (sent === undefined) return current;
  const url = asStoredUrl(sent, publicUrl);
  if (url === '' || url === current) return url;
  throw badRequest(`${label}: send a new file, the current file's URL, or nothing`);
}

const NO_CHILDREN: ServiceChildren = {
  packages: [],
  extras: [],
  faqs: [],
  gallery: [],
  videos: [],
};

/**
 * Creates (id null) or updates a service with its packages, extras, FAQs, gallery and videos in
 * one transaction. Packages and extras sent with the _id of one of this service's own keep it;
 * price changes of kept ones, packages and extras added or removed, and a new initial investment
 * price are recorded in the audit log. After the commit, files the service no longer uses are
 * removed from the store (unless an order or another record shows them).
 */
export async function saveService(
  deps: ManageDeps,
  actor: AuthUser,
  id: string | null,
  form: ServiceForm,
  uploads: ServiceUploads,
): Promise<ManageService> {
  if (id === null && form.title === undefined) throw badRequest('Title is required');
  const actorName = await deps.repos.catalogueManage.staffName(actor.id);
  const { saved, released } = await deps.repos.transaction(async (r) => {
    const current = id === null ? undefined : await r.catalogueManage.lockService(id);
    if (id !== null && !current) throw notFound('Service not found');
    const before = current
      ? await r.catalogueManage.serviceChildren(current.id, { inTransaction: true })
      : NO_CHILDREN;

    const featurePhotoUrl = resolveSingleFile(
      uploads.featurePhoto,
      form.featurePhoto,
      current?.featurePhotoUrl ?? '',
      'Feature photo',
      deps.publicUrl,
    );
    const comparisonPdfUrl = resolveSingleFile(
      uploads.comparisonPdf,
      form.comparisonPdf,
      current?.comparisonPdfUrl ?? '',
      'Comparison PDF',
      deps.publicUrl,
    );
    const gallery = resolveGallery(deps, form, uploads, before);
    const videos = resolveVideos(deps, form, uploads, before);

    const values = {
      title: form.title ?? current?.title ?? '',
      description: form.description ?? current?.description ?? '',
      initialInvestmentDescription:
        form.initialInvestmentDescription ?? current?.initialInvestmentDescription ?? '',
      // Taken from the packages (docs/product.md#service-page), never typed a second time.
      initialInvestmentPriceCents: initialInvestmentOf(
        form.packages !== undefined
          ? form.packages.map((p) => ({ type: p.type, baseCost: toCents(p.baseCost) }))
          : before.packages.map((p) => ({ type: p.type, baseCost: p.baseCostCents })),
      ).amount,
      paymentType: form.paymentType ?? current?.paymentType ?? '',
      deliveryDays: form.deliveryDays ?? current?.deliveryDays ?? DEFAULT_DELIVERY_DAYS,
      intakeQuestions: form.intakeQuestions ?? current?.intakeQuestions ?? [],
      featurePhotoUrl,
      comparisonPdfUrl,
    };
    const row = current
      ? await r.catalogueManage.updateService(current.id, values)
      : await r.catalogueManage.insertService(values);

    const audits: AuditEntry[] = [];
    const entry = (e: Omit<AuditEntry, 'actorId' | 'actorName' | 'ip' | 'apiKey'>) =>
      audits.push({ actorId: actor.id, actorName, ip: actor.ip, apiKey: actor.apiKey, ...e });
    if (!current) {
      entry({
        action: 'service.created',
        entityType: 'service',
        entityId: row.id,
        summary: `Created service "${row.title}"`,
      });
    } else if (current.initialInvestmentPriceCents !== row.initialInvestmentPriceCents) {
      entry({
        action: 'service.price_changed',
        entityType: 'service',
        entityId: row.id,
        summary:
          `Initial investment of "${row.title}": ${formatMoney(current.initialInvestmentPriceCents)} ` +
          `to ${formatMoney(row.initialInvestmentPriceCents)}`,
        data: { from: current.initialInvestmentPriceCents, to: row.initialInvestmentPriceCents },
      });
    }

    if (form.packages !== undefined) {
      const packages = matchPackages(form.packages, before);
      for (const pkg of packages) {
        const old = pkg.id ? before.packages.find((p) => p.id === pkg.id) : undefined;
        if (
          old &&
          (old.baseCostCents !== pkg.baseCostCents ||
            old.recurringCostCents !== pkg.recurringCostCents)
        ) {
          entry({
            action: 'service.package_price_changed',
            entityType: 'service_package',
            entityId: old.id,
            summary:
              `Package "${pkg.title}" of "${row.title}": base cost ${formatMoney(old.baseCostCents)} ` +
              `to ${formatMoney(pkg.baseCostCents)}, recurring cost ` +
              `${formatMoney(old.recurringCostCents)} to ${formatMoney(pkg.recurringCostCents)}`,
            data: {
              serviceId: row.id,
              from: {
                baseCostCents: old.baseCostCents,
                recurringCostCents: old.recurringCostCents,
              },
              to: { baseCostCents: pkg.baseCostCents, recurringCostCents: pkg.recurringCostCents },
            },
          });
        }
      }
      if (current) {
        const kept = new Set(packages.map((p) => p.id));
        for (const old of before.packages.filter((p) => !kept.has(p.id))) {
          entry({
            action: 'service.package_removed',
            entityType: 'service',
            entityId: row.id,
            summary: `Removed package "${old.title}" from "${row.title}"`,
            data: { from: packagePrice(old), to: null },
          });
        }
        for (const pkg of packages.filter((p) => !p.id)) {
          entry({
            action: 'service.package_added',
            entityType: 'service',
            entityId: row.id,
            summary: `Added package "${pkg.title}" to "${row.title}"`,
            data: { from: null, to: packagePrice(pkg) },
          });
        }
      }
      await r.catalogueManage.replacePackages(row.id, packages);
    }

    if (form.serviceExtras !== undefined) {
      const extras = matchExtras(form.serviceExtras, before);
      for (const extra of extras) {
        const old = extra.id ? before.extras.find((e) => e.id === extra.id) : undefined;
        if (old && old.priceCents !== extra.priceCents) {
          entry({
            action: 'service.extra_price_changed',
            entityType: 'service_extra',
            entityId: old.id,
            summary:
              `Extra "${extra.title}" of "${row.title}": price ${formatMoney(old.priceCents)} ` +
              `to ${formatMoney(extra.priceCents)}`,
            data: { serviceId: row.id, from: old.priceCents, to: extra.priceCents },
          });
        }
      }
      if (current) {
        const kept = new Set(extras.map((e) => e.id));
        for (const old of before.extras.filter((e) => !kept.has(e.id))) {
          entry({
            action: 'service.extra_removed',
            entityType: 'service',
            entityId: row.id,
            summary: `Removed extra "${old.title}" (${formatMoney(old.priceCents)}) from "${row.title}"`,
            data: { from: old.priceCents, to: null },
          });
        }
        for (const extra of extras.filter((e) => !e.id)) {
          entry({
            action: 'service.extra_added',
            entityType: 'service',
            entityId: row.id,
            summary: `Added extra "${extra.title}" (${formatMoney(extra.priceCents)}) to "${row.title}"`,
            data: { from: null, to: extra.priceCents },
          });
        }
      }
      await r.catalogueManage.replaceExtras(row.id, extras);
    }

    if (form.faqs !== undefined) await r.catalogueManage.replaceFaqs(row.id, form.faqs);
    if (gallery) await r.catalogueManage.replaceGallery(row.id, gallery);
    if (videos) await r.catalogueManage.replaceVideos(row.id, videos);
    for (const audit of audits) await r.audit.record(audit);

    const after = await r.catalogueManage.serviceChildren(row.id, { inTransaction: true });
    return {
      saved: toManageServiceDto(row, after),
      released: difference(fileUrlsOf(current, before), fileUrlsOf(row, after)),
    };
  });
  await releaseFiles(deps, released);
  return saved;
}

/** A package as its audit entries show it: its name and prices. */
function packagePrice(pkg: {
  title: string;
  baseCostCents: number;
  recurringCostCents: number;
}): Record<string, unknown> {
  return {
    title: pkg.title,
    baseCostCents: pkg.baseCostCents,
    recurringCostCents: pkg.recurringCostCents,
  };
}

/**
 * Deletes a service. One that orders or a checkout refer to is archived instead: it leaves the
 * public site, lists and search, and its orders keep showing it. Answers what was done.
 */
export async function deleteService(
  deps: ManageDeps,
  actor: AuthUser,
  id: string,
): Promise<'archived' | 'deleted'> {
  const actorName = await deps.repos.catalogueManage.staffName(actor.id);
  const { outcome, released } = await deps.repos.transaction(async (r) => {
    const current = await r.catalogueManage.lockService(id);
    if (!current) throw notFound('Service not found');
    // An archived service is already gone from the site: nothing links to it any more.
    if (!current.archivedAt) await refuseIfLinked(r.catalogueManage, 'service', id, current.title);
    const audit = (action: string, summary: string) =>
      r.audit.record({
        actorId: actor.id,
        actorName,
        action,
        entityType: 'service',
        entityId: id,
        summary,
        ip: actor.ip,
        apiKey: actor.apiKey,
      });
    if (await r.catalogueManage.isServiceReferenced(id)) {
      await r.catalogueManage.archiveService(id);
      if (!current.archivedAt) {
        await audit('service.archived', `Archived service "${current.title}" (it has orders)`);
      }
      return { outcome: 'archived' as const, released: [] };
    }
    const children = await r.catalogueManage.serviceChildren(id, { inTransaction: true });
    await r.catalogueManage.deleteService(id);
    await audit('service.deleted', `Deleted service "${current.title}"`);
    return { outcome: 'deleted' as const, released: fileUrlsOf(current, children) };
  });
  await releaseFiles(deps, released);
  return outcome;
}

/** Removes the files of these URLs that nothing in the database shows any more. */
export async function releaseFiles(deps: ManageDeps, urls: readonly string[]) {
  if (urls.length === 0) return;
  try {
    const used = await deps.repos.catalogueManage.findUsedUrls(urls);
    await removeStoredFiles(
      deps.files,
      deps.log,
      urls.filter((url) => !used.has(url)),
    );
  } catch (err) {
    deps.log.warn({ err }, 'could not remove unused catalogue files');
  }
}

function fileUrlsOf(
  service: Pick<ServiceRow, 'featurePhotoUrl' | 'comparisonPdfUrl'> | undefined,
  children: ServiceChildren,
): string[] {
  if (!service) return [];
  return [
    service.featurePhotoUrl,
    service.comparisonPdfUrl,
    ...children.gallery.map((g) => g.url),
    ...children.videos.flatMap((v) => [v.url, v.thumbnailUrl]),
  ].filter(Boolean);
}

export function difference(before: readonly string[], after: readonly string[]): string[] {
  const kept = new Set(after);
  return [...new Set(before)].filter((url) => !kept.has(url));
}

/** Kept ids must be this service's own; any other id (or one given twice) makes a new row. */
function ownIds<T extends { _id?: string }>(
  list: readonly T[],
  existing: readonly { id: string }[],
) {
  const own = new Set(existing.map((e) => e.id));
  const seen = new Set<string>();
  return list.map((item) => {
    const id = item._id;
    if (!id || !own.has(id) || seen.has(id)) return undefined;
    seen.add(id);
    return id;
  });
}

function matchPackages(list: NonNullable<ServiceForm['packages']>, before: ServiceChildren) {
  const ids = ownIds(list, before.packages);
  return list.map((p, i): PackageValues => ({
    id: ids[i],
    title: p.title,
    type: p.type,
    baseCostCents: toCents(p.baseCost),
    recurringCostCents: toCents(p.recurringCost),
    priceSuffix: p.priceSuffix,
    features: p.features,
    recommended: p.recommended,
    activeRequestLimit: p.activeRequestLimit,
    requestsPerPeriod: p.activeRequestLimit === null ? null : p.requestsPerPeriod,
    extraRequestPriceCents:
      p.activeRequestLimit === null || p.requestsPerPeriod === null || !p.extraRequestPrice
        ? null
        : toCents(p.extraRequestPrice),
    // Only a plan that renews can be paused.
    clientsMayPause: p.type !== 'one-time' && p.clientsMayPause,
    minimumTermPeriods: p.type === 'one-time' ? null : (p.minimumTermPeriods ?? null),
  }));
}

function matchExtras(list: NonNullable<ServiceForm['serviceExtras']>, before: ServiceChildren) {
  const ids = ownIds(list, before.extras);
  return list.map((e, i): ExtraValues => ({
    id: ids[i],
    title: e.title,
    description: e.description,
    priceCents: toCents(e.price),
  }));
}

/** The kept gallery images (in the order sent, each one of the service's own) then the uploads. */
function resolveGallery(
  deps: ManageDeps,
  form: ServiceForm,
  uploads: ServiceUploads,
  before: ServiceChildren,
): string[] | undefined {
  if (form.gallery === undefined && uploads.gallery.length === 0) return undefined;
  const own = new Set(before.gallery.map((g) => g.url));
  const kept = (form.gallery ?? [...own]).map((url, i) => {
    const stored = asStoredUrl(url, deps.publicUrl);
    if (!own.has(stored)) {
      throw badRequest(`Gallery image ${i + 1}: ${url} is not one of this service's images`);
    }
    return stored;
  });
  const all = [...new Set(kept), ...uploads.gallery.map(storedUrlOf)];
  if (all.length > SERVICE_UPLOAD_LIMITS.gallery) {
    throw badRequest(`A gallery holds at most ${SERVICE_UPLOAD_LIMITS.gallery} images`);
  }
  return all;
}

/**
 * The kept feature videos (each one of the service's own, with its stored thumbnail) then the
 * uploaded ones, each with its uploaded thumbnail or the placeholder.
 */
function resolveVideos(
  deps: ManageDeps,
  form: ServiceForm,
  uploads: ServiceUploads,
  before: ServiceChildren,
): { url: string; thumbnailUrl: string }[] | undefined {
  const { featureVideos: added, featureVideoThumbnails: thumbnails } = uploads;
  if (form.featureVideos === undefined && added.length === 0 && thumbnails.length === 0) {
    return undefined;
  }
  const own = new Map(before.videos.map((v) => [v.url, v]));
  const keptUrls = new Set<string>();
  const kept = (form.featureVideos ?? before.videos).flatMap((video, i) => {
    const url = asStoredUrl(video.url, deps.publicUrl);
    const existing = own.get(url);
    if (!existing) {
      throw badRequest(`Feature video ${i + 1}: ${video.url} is not one of this service's videos`);
    }
    if (keptUrls.has(url)) return [];
    keptUrls.add(url);
    return [{ url, thumbnailUrl: existing.thumbnailUrl || VIDEO_PLACEHOLDER_THUMBNAIL }];
  });

  const owners = form.featureVideoThumbnailFor ?? thumbnails.map((_, i) => i);
  if (owners.length !== thumbnails.length) {
    throw badRequest(
      `featureVideoThumbnailFor names ${owners.length} videos for ${thumbnails.length} thumbnails`,
    );
  }
  const thumbnailOf = new Map<number, string>();
  owners.forEach((videoIndex, i) => {
    if (videoIndex >= added.length) {
      throw badRequest(
        `Video thumbnail ${i + 1} has no new video to belong to (${added.length} uploaded)`,
      );
    }
    if (thumbnailOf.has(videoIndex)) {
      throw badRequest(`New video ${videoIndex + 1} has more than one thumbnail`);
    }
    thumbnailOf.set(videoIndex, storedUrlOf(thumbnails[i]!));
  });
  const all = [
    ...kept,
    ...added.map((video, i) => ({
      url: storedUrlOf(video),
      thumbnailUrl: thumbnailOf.get(i) ?? VIDEO_PLACEHOLDER_THUMBNAIL,
    })),
  ];
  if (all.length > SERVICE_UPLOAD_LIMITS.featureVideos) {
    throw badRequest(`A service has at most ${SERVICE_UPLOAD_LIMITS.featureVideos} feature videos`);
  }
  return all;
}
