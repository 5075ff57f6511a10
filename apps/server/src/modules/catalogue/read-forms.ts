import type { z } from 'zod';
import {
  industryFormSchema,
  MAX_PAGE_ITEMS,
  pageFormSchema,
  serviceFormSchema,
  type IndustryForm,
  type PageForm,
  type ServiceForm,
} from '@noise/shared/catalogue-admin';
import { badRequest, type AppError } from '../../lib/errors.ts';
import { refuseUnknownFields } from '../../lib/multipart.ts';

/**
 * The multipart text fields of the catalogue forms turned into validated input
 * (docs/product.md#catalogue-data). Messages name the field and, in a list, which entry:
 * 'Package 2: Base cost is required'.
 */

const LIST_LABELS: Record<string, string> = {
  packages: 'Package',
  serviceExtras: 'Extra',
  faqs: 'FAQ',
  gallery: 'Gallery image',
  featureVideos: 'Feature video',
  featureVideoThumbnailFor: 'Thumbnail index',
  intakeQuestions: 'Question',
  items: 'Item',
};

export function formError(error: z.ZodError): AppError {
  const details = error.issues.map((issue) => {
    const [list, index] = issue.path;
    const label = typeof list === 'string' ? LIST_LABELS[list] : undefined;
    const message =
      label && typeof index === 'number'
        ? `${label} ${index + 1}: ${issue.message}`
        : issue.message;
    return { path: issue.path.map(String).join('.'), message };
  });
  return badRequest(details[0]?.message ?? 'Please check the form', details);
}

const JSON_LISTS = [
  ['serviceExtras', 'Extras'],
  ['faqs', 'FAQs'],
  ['gallery', 'Gallery'],
  ['featureVideos', 'Feature videos'],
  ['featureVideoThumbnailFor', 'featureVideoThumbnailFor'],
  ['intakeQuestions', 'Questions'],
] as const;

const SCALARS = [
  'title',
  'description',
  'initialInvestmentDescription',
  'paymentType',
  'deliveryDays',
  'featurePhoto',
  'comparisonPdf',
] as const;

/**
 * The service form. List fields are JSON text; a blank one is an empty list. Package data that
 * cannot be parsed becomes an empty list (docs/product.md#catalogue-data); any other list that is
 * not JSON is refused. A field that is not sent stays undefined: an update keeps the current value.
 */
export function readServiceForm(fields: Record<string, string>): ServiceForm {
  refuseUnknownFields(fields, (name) =>
    [...SCALARS, 'packages', ...JSON_LISTS.map(([list]) => list)].includes(name),
  );
  const raw: Record<string, unknown> = {};
  for (const name of SCALARS) {
    if (fields[name] !== undefined) raw[name] = fields[name];
  }
  if (fields.packages !== undefined) raw.packages = parseJsonOr(fields.packages, []);
  for (const [name, label] of JSON_LISTS) {
    const value = fields[name];
    if (value === undefined) continue;
    const parsed = parseJsonOr(value, undefined);
    if (parsed === undefined) throw badRequest(`${label} must be sent as a JSON list`);
    raw[name] = parsed;
  }
  const result = serviceFormSchema.safeParse(raw);
  if (!result.success) throw formError(result.error);
  return result.data;
}

function parseJsonOr<T>(text: string, fallback: T): unknown {
  if (!text.trim()) return [];
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fallback;
  }
}

const ITEM_FIELD = /^items\[(\d{1,4})\]\[(title|link|featurePhotoUrl|featurePhoto)\]$/;

/** The multipart name of item i's photo file. */
export const pageItemPhotoField = (index: number) => `items[${index}][featurePhoto]`;
export const PAGE_ITEM_PHOTO_FIELDS = Array.from({ length: MAX_PAGE_ITEMS }, (_, i) =>
  pageItemPhotoField(i),
);

/**
 * The page form: title and items[i][title], items[i][link], items[i][featurePhotoUrl] (the kept
 * photo; items[i][featurePhoto] sent as text means the same). Items are taken in index order;
 * `indexes[n]` is the form index of the n-th item, to match its photo file.
 */
export function readPageForm(fields: Record<string, string>): {
  form: PageForm;
  indexes: number[];
} {
  refuseUnknownFields(fields, (name) => name === 'title' || ITEM_FIELD.test(name));
  const byIndex = new Map<number, Record<string, string>>();
  for (const [name, value] of Object.entries(fields)) {
    const match = ITEM_FIELD.exec(name);
    if (!match) continue;
    const index = Number(match[1]);
    const key = match[2] === 'featurePhoto' ? 'featurePhotoUrl' : match[2]!;
    const item = byIndex.get(index) ?? {};
    item[key] = value;
    byIndex.set(index, item);
  }
  const indexes = [...byIndex.keys()].sort((a, b) => a - b);
  const result = pageFormSchema.safeParse({
    title: fields.title,
    items: indexes.map((i) => byIndex.get(i)),
  });
  if (!result.success) throw formError(result.error);
  return { form: result.data, indexes };
}

export function readIndustryForm(fields: Record<string, string>): IndustryForm {
  refuseUnknownFields(fields, (name) => ['title', 'link', 'featurePhoto'].includes(name));
  const result = industryFormSchema.safeParse({
    title: fields.title,
    link: fields.link,
    featurePhoto: fields.featurePhoto,
  });
  if (!result.success) throw formError(result.error);
  return result.data;
}
