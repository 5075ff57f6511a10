import { z } from 'zod';
import { serviceSchema } from './catalogue.ts';
import { deliveryDaysSchema } from './due-dates.ts';
import { intakeQuestionsSchema, savedQuestionSchema } from './intake.ts';
import { formatMoney, packageTypes, toCents } from './pricing.ts';
import { MAX_ACTIVE_REQUESTS, MAX_REQUESTS_PER_PERIOD } from './requests.ts';

/**
 * The staff catalogue forms (docs/product.md#manage-service-form): services, pages and industries
 * as the server reads them from multipart fields, and the staff-only answers. Prices are dollars
 * here; the server stores integer cents (toCents in pricing.ts).
 */

/** No catalogue price may be above this many dollars: a typo guard, well inside the cents column. */
export const MAX_PRICE_DOLLARS = 10_000_000;
/** The thumbnail of a feature video uploaded without one (served by the web app). */
export const VIDEO_PLACEHOLDER_THUMBNAIL = '/video-placeholder.svg';

export const SERVICE_UPLOAD_LIMITS = {
  gallery: 30,
  featureVideos: 10,
  featureVideoThumbnails: 10,
} as const;
export const MAX_PACKAGES = 20;
export const MAX_EXTRAS = 50;
export const MAX_FAQS = 100;
export const MAX_FEATURES = 50;
export const MAX_PAGE_ITEMS = 100;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

const requiredText = (label: string, max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `${label} is required`
          : `${label} must be text`,
    })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const NUMBER_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * A price in dollars, as a JSON number or as text ('149.95'). Refuses what is not a plain number
 * (NaN, Infinity, '12abc', true), negative amounts and amounts above MAX_PRICE_DOLLARS.
 */
export function dollarsSchema(label: string, options: { required: boolean }) {
  return z.unknown().transform((value, ctx): number => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    const blank =
      value === undefined || value === null || (typeof value === 'string' && !value.trim());
    if (blank) return options.required ? fail(`${label} is required`) : 0;
    let amount: number;
    if (typeof value === 'number') amount = value;
    else if (typeof value === 'string' && NUMBER_TEXT.test(value.trim())) amount = Number(value);
    else return fail(`${label} must be a number`);
    if (!Number.isFinite(amount)) return fail(`${label} must be a number`);
    if (amount < 0) return fail(`${label} cannot be negative`);
    if (amount > MAX_PRICE_DOLLARS) {
      return fail(`${label} must be at most ${formatMoney(toCents(MAX_PRICE_DOLLARS))}`);
    }
    return amount;
  });
}

/** Features as a list, or comma-separated text split on commas (docs/product.md#catalogue-data). */
export const featuresSchema = z
  .union([z.array(z.string({ error: 'Each feature must be text' })), z.string(), z.null()], {
    error: 'Features must be a list or comma-separated text',
  })
  .optional()
  .transform((value) => {
    const list = typeof value === 'string' ? value.split(',') : (value ?? []);
    return list.map((f) => f.trim()).filter((f) => f.length > 0);
  })
  .pipe(
    z
      .array(z.string().max(500, 'Each feature must be at most 500 characters'))
      .max(MAX_FEATURES, `At most ${MAX_FEATURES} features`),
  );

/** An existing child's id: kept when it belongs to the service, otherwise a new row is made. */
const childId = z.string().max(64).optional().catch(undefined);

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** The longest minimum term a package can ask: five years of monthly periods. */
export const MAX_MINIMUM_TERM_PERIODS = 60;

const requestCount = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(1, `${label} must be at least 1`)
      .max(max, `${label} must be at most ${max}`)
      .nullable(),
  );

export const packageInputSchema = z.object({
  _id: childId,
  title: text('Title', 200).optional().default(''),
  type: z.preprocess(
    emptyToUndefined,
    z
      .enum(packageTypes, {
        error: 'Type must be one-time, weekly, fortnightly, monthly, quarterly or yearly',
      })
      .optional()
      .default('one-time'),
  ),
  baseCost: dollarsSchema('Base cost', { required: true }),
  recurringCost: dollarsSchema('Recurring cost', { required: true }),
  priceSuffix: requiredText('Price suffix', 100),
  features: featuresSchema,
  recommended: z
    .boolean({ error: "'Most popular' must be true or false" })
    .optional()
    .default(false),
  /** A request plan (docs/decisions/091): empty or null when the package is not one. */
  activeRequestLimit: requestCount('Active requests at once', MAX_ACTIVE_REQUESTS),
  requestsPerPeriod: requestCount('Requests per period', MAX_REQUESTS_PER_PERIOD),
  /** Dollars before GST for one request beyond the period's cap; blank or 0: none sold. */
  extraRequestPrice: dollarsSchema('Extra request price', { required: false }).optional(),
  /**
   * A recurring package's minimum term, in periods: its plan may not move to a cheaper package
   * before that many periods on it (docs/product.md#changing-a-plan). Empty or null: none.
   */
  minimumTermPeriods: requestCount('Minimum term', MAX_MINIMUM_TERM_PERIODS).optional(),
  /** A recurring package its clients may pause from their dashboard (staff always may). */
  clientsMayPause: z
    .boolean({ error: "'Clients may pause' must be true or false" })
    .optional()
    .default(false),
});
export type PackageInput = z.infer<typeof packageInputSchema>;

export const serviceExtraInputSchema = z.object({
  _id: childId,
  title: requiredText('Title', 200),
  description: requiredText('Description', 2000),
  price: dollarsSchema('Price', { required: true }),
});
export type ServiceExtraInput = z.infer<typeof serviceExtraInputSchema>;

export const faqInputSchema = z.object({
  question: requiredText('Question', 1000),
  answer: requiredText('Answer', 10_000),
});

/** An existing feature video to keep (matched by url; it keeps its stored thumbnail). */
export const keptVideoSchema = z.object({
  url: z.string({ error: 'Each kept video needs its url' }).max(2000),
  thumbnailUrl: z.string().max(2000).optional(),
});

const list = <T extends z.ZodType>(label: string, item: T, max: number) =>
  z.array(item, { error: `${label} must be a list` }).max(max, `At most ${max} ${label}`);

/**
 * The service form after the server has read its multipart fields and parsed the JSON ones
 * (packages, serviceExtras, faqs, gallery, featureVideos, featureVideoThumbnailFor). A field that
 * is not sent keeps its current value on update.
 */
export const serviceFormSchema = z.object({
  title: requiredText('Title', 200).optional(),
  description: text('Description', 20_000).optional(),
  initialInvestmentDescription: text('Initial investment description', 2000).optional(),
  paymentType: text('Payment type', 100).optional(),
  deliveryDays: deliveryDaysSchema.optional(),
  intakeQuestions: intakeQuestionsSchema.optional(),
  packages: list('packages', packageInputSchema, MAX_PACKAGES)
    .refine((packages) => packages.filter((p) => p.recommended).length <= 1, {
      error: "Only one package can be marked 'Most popular'",
    })
    .refine(
      (packages) => packages.every((p) => p.activeRequestLimit === null || p.type !== 'one-time'),
      {
        error: "Only a recurring package can be a request plan ('Active requests at once')",
      },
    )
    .refine(
      (packages) =>
        packages.every((p) => p.requestsPerPeriod === null || p.activeRequestLimit !== null),
      {
        error: "'Requests per period' needs 'Active requests at once'",
      },
    )
    .refine((packages) => packages.every((p) => !p.extraRequestPrice || p.requestsPerPeriod), {
      error: "'Extra request price' needs 'Requests per period'",
    })
    .optional(),
  serviceExtras: list('extras', serviceExtraInputSchema, MAX_EXTRAS).optional(),
  faqs: list('FAQs', faqInputSchema, MAX_FAQS).optional(),
  /** The existing gallery image URLs to keep, in order; new uploads are appended. */
  gallery: list('gallery images', z.string().max(2000), SERVICE_UPLOAD_LIMITS.gallery).optional(),
  /** The existing feature videos to keep, in order; new uploads are appended. */
  featureVideos: list(
    'feature videos',
    keptVideoSchema,
    SERVICE_UPLOAD_LIMITS.featureVideos,
  ).optional(),
  /**
   * Which new video each uploaded thumbnail belongs to (0-based among the new videos). When not
   * sent, thumbnail i belongs to new video i.
   */
  featureVideoThumbnailFor: list(
    'thumbnail indexes',
    z.number().int().min(0),
    SERVICE_UPLOAD_LIMITS.featureVideoThumbnails,
  ).optional(),
  /** Without a new file: '' removes the current photo, its current URL (or nothing) keeps it. */
  featurePhoto: z.string().max(2000).optional(),
  /** Without a new file: '' removes the current PDF, its current URL (or nothing) keeps it. */
  comparisonPdf: z.string().max(2000).optional(),
});
export type ServiceForm = z.infer<typeof serviceFormSchema>;

/** A service as staff edit it: the public shape plus whether it has been archived. */
export const manageServiceSchema = serviceSchema.extend({
  archived: z.boolean(),
  archivedAt: z.string().nullable(),
  /** What the brief asks its buyer (docs/decisions/058). */
  intakeQuestions: z.array(savedQuestionSchema),
});
export type ManageService = z.infer<typeof manageServiceSchema>;

/** A row of the staff services list (archived ones included and flagged). */
export const manageServiceSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  featurePhoto: z.string(),
  basePrice: z.number(),
  archived: z.boolean(),
  archivedAt: z.string().nullable(),
  /** Orders (projects) placed for the service; a service with orders is archived on delete. */
  orderCount: z.number(),
  updatedAt: z.string(),
});
export type ManageServiceSummary = z.infer<typeof manageServiceSummarySchema>;

/**
 * Where a page item or an industry tile may link: a path on this site ('/services/seo') or an
 * http(s) address. Never javascript:, data: or a protocol-relative '//host' link.
 */
export function isSafeLink(link: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u0020\u007f\\]/.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//');
  try {
    const url = new URL(link);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const linkSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Link is required' : 'Link must be text'),
  })
  .trim()
  .min(1, 'Link is required')
  .max(2000, 'Link must be at most 2000 characters')
  .refine(isSafeLink, {
    message: "Link must be a path starting with '/' or an http(s):// address",
  });

export const pageItemInputSchema = z.object({
  title: text('Title', 200).optional().default(''),
  link: linkSchema,
  /** The item's current photo to keep when no new file is sent ('' for none). */
  featurePhotoUrl: z.string().max(2000).optional(),
});

export const pageFormSchema = z.object({
  title: requiredText('Title', 200),
  items: z.array(pageItemInputSchema).max(MAX_PAGE_ITEMS, `At most ${MAX_PAGE_ITEMS} items`),
});
export type PageForm = z.infer<typeof pageFormSchema>;

export const industryFormSchema = z.object({
  title: requiredText('Title', 200),
  link: linkSchema,
  /** Without a new file: '' removes the current photo, its current URL (or nothing) keeps it. */
  featurePhoto: z.string().max(2000).optional(),
});
export type IndustryForm = z.infer<typeof industryFormSchema>;
