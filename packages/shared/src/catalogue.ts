import { z } from 'zod';
import { packageTypes } from './pricing.ts';

/**
 * The catalogue's JSON shapes (docs/product.md#data-shapes). Prices are dollars in JSON, as the
 * API shows them; convert with toCents() from pricing.ts before any arithmetic.
 */
export const packageTypeSchema = z.enum(packageTypes);

export const servicePackageSchema = z.object({
  _id: z.string(),
  title: z.string(),
  type: packageTypeSchema,
  baseCost: z.number(),
  recurringCost: z.number(),
  priceSuffix: z.string(),
  features: z.array(z.string()),
  /** Marked 'Most popular' on the service page; at most one per service (docs/decisions/057). */
  recommended: z.boolean(),
  /** A request plan (docs/decisions/091): requests worked at once; absent or null: not a plan. */
  activeRequestLimit: z.number().int().nullable().optional(),
  /** A request plan's requests per period; null: no cap. */
  requestsPerPeriod: z.number().int().nullable().optional(),
  /** Dollars before GST for one request beyond the period's cap; absent or null: none sold. */
  extraRequestPrice: z.number().nullable().optional(),
  /** A recurring package its clients may pause themselves (docs/product.md#pausing-a-plan). */
  clientsMayPause: z.boolean().optional(),
  /** Periods a plan stays on this package before it may move to a cheaper one; null: none. */
  minimumTermPeriods: z.number().int().nullable().optional(),
  /** The same in words for the storefront ('3 months'); null: none. */
  minimumTerm: z.string().nullable().optional(),
});
export type ServicePackage = z.infer<typeof servicePackageSchema>;

export const serviceExtraSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
});
export type ServiceExtra = z.infer<typeof serviceExtraSchema>;

export const faqSchema = z.object({ question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faqSchema>;

export const featureVideoSchema = z.object({ url: z.string(), thumbnailUrl: z.string() });
export type FeatureVideo = z.infer<typeof featureVideoSchema>;

export const serviceSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  initialInvestmentDescription: z.string(),
  initialInvestmentPrice: z.number(),
  packages: z.array(servicePackageSchema),
  serviceExtras: z.array(serviceExtraSchema),
  faqs: z.array(faqSchema),
  gallery: z.array(z.string()),
  featureVideos: z.array(featureVideoSchema),
  featurePhoto: z.string(),
  comparisonPdf: z.string(),
  paymentType: z.string(),
  /** Working days from the brief to delivery (docs/decisions/054). */
  deliveryDays: z.number().int(),
  /** The lowest price a package tab shows ('From $basePrice exc. GST'). */
  basePrice: z.number(),
});
export type Service = z.infer<typeof serviceSchema>;

export const serviceSearchResultSchema = z.object({ _id: z.string(), title: z.string() });
export type ServiceSearchResult = z.infer<typeof serviceSearchResultSchema>;
export { SEARCH_MAX_QUERY_LENGTH, SEARCH_MAX_RESULTS } from './search-limits.ts';

export const pageItemSchema = z.object({
  title: z.string(),
  link: z.string(),
  featurePhoto: z.string(),
});
export const pageSchema = z.object({
  _id: z.string(),
  title: z.string(),
  items: z.array(pageItemSchema),
});
export type Page = z.infer<typeof pageSchema>;
/** GET /api/pages: the content pages by title, without their items. */
export const pageSummarySchema = pageSchema.pick({ _id: true, title: true });
export type PageSummary = z.infer<typeof pageSummarySchema>;

export const industrySchema = z.object({
  _id: z.string(),
  title: z.string(),
  link: z.string(),
  featurePhoto: z.string(),
});
export type Industry = z.infer<typeof industrySchema>;

export const recentlyViewedEntrySchema = z.object({
  service: z.object({
    _id: z.string(),
    title: z.string(),
    featurePhoto: z.string(),
    basePrice: z.number(),
  }),
  viewedAt: z.string(),
});
export type RecentlyViewedEntry = z.infer<typeof recentlyViewedEntrySchema>;
export const RECENTLY_VIEWED_LIMIT = 12;
