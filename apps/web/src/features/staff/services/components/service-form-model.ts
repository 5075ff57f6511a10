import { z } from 'zod';
import type { ManageService } from '@noise/shared/catalogue-admin';
import {
  DEFAULT_DELIVERY_DAYS,
  deliveryDaysSchema,
  MAX_DELIVERY_DAYS,
} from '@noise/shared/due-dates';
import { packageTypes, type PackageType } from '@noise/shared/pricing';
import { REQUIRED_MESSAGE } from '@/components/ui/field';
import {
  questionsFormSchema,
  toQuestionValues,
  toQuestions,
} from '../../components/intake/question-values';

const NUMBER_TEXT = /^\s*(?:\d+(?:\.\d*)?|\.\d+)\s*$/;
const NUMBER_MESSAGE = 'Please enter a number';

const requiredText = z.string().refine((v) => v.trim() !== '', { message: REQUIRED_MESSAGE });
const requiredNumber = requiredText.refine((v) => v.trim() === '' || NUMBER_TEXT.test(v), {
  message: NUMBER_MESSAGE,
});

/** docs/product.md#manage-service-form: the service form's rules, checked before sending. */
const wholeOrBlank = (label: string) =>
  z.string().refine((v) => v.trim() === '' || /^[1-9][0-9]{0,3}$/.test(v.trim()), {
    message: `${label} must be a whole number of at least 1, or blank`,
  });

export const serviceFormValuesSchema = z.object({
  title: requiredText,
  initialInvestmentDescription: z.string(),
  deliveryDays: z.string().refine((v) => deliveryDaysSchema.safeParse(v).success, {
    message: `Enter a whole number of working days, 1 to ${MAX_DELIVERY_DAYS}`,
  }),
  description: z.string(),
  packages: z.array(
    z.object({
      _id: z.string().optional(),
      title: z.string(),
      type: z.enum(packageTypes),
      baseCost: requiredNumber,
      recurringCost: requiredNumber,
      priceSuffix: requiredText,
      features: z.string(),
      /** 'Most popular'; the form keeps at most one marked (docs/decisions/057). */
      recommended: z.boolean(),
      /** A request plan (docs/decisions/091): blank when the package is not one. */
      activeRequestLimit: wholeOrBlank('Active requests at once'),
      requestsPerPeriod: wholeOrBlank('Requests per period'),
      /** Dollars before GST for a request beyond the period's cap; blank: none sold. */
      extraRequestPrice: z
        .string()
        .refine((v) => v.trim() === '' || NUMBER_TEXT.test(v), { message: NUMBER_MESSAGE }),
      /** A plan that renews which its clients may pause (docs/product.md#pausing-a-plan). */
      clientsMayPause: z.boolean(),
      /** Periods before its plan may move to a cheaper package; blank: none. */
      minimumTermPeriods: wholeOrBlank('Minimum term'),
    }),
  ),
  serviceExtras: z.array(
    z.object({
      _id: z.string().optional(),
      title: requiredText,
      description: requiredText,
      price: requiredNumber,
    }),
  ),
  faqs: z.array(z.object({ question: requiredText, answer: requiredText })),
  /** The intake questions, choices one per line (docs/decisions/058). */
  intakeQuestions: questionsFormSchema.shape.intakeQuestions,
});

export type ServiceFormValues = z.infer<typeof serviceFormValuesSchema>;
export type PackageValues = ServiceFormValues['packages'][number];

export const emptyPackage: PackageValues = {
  title: '',
  type: 'one-time' satisfies PackageType,
  baseCost: '',
  recurringCost: '0',
  priceSuffix: 'exc. GST',
  features: '',
  recommended: false,
  activeRequestLimit: '',
  requestsPerPeriod: '',
  extraRequestPrice: '',
  clientsMayPause: false,
  minimumTermPeriods: '',
};
export const emptyExtra = { title: '', description: '', price: '' };
export const emptyFaq = { question: '', answer: '' };

/** A feature video in the form: one already stored (kept) or a newly chosen file. */
export type VideoEntry =
  | { key: string; kind: 'kept'; url: string; thumbnailUrl: string }
  | { key: string; kind: 'new'; file: File; thumbnail: File | null };

/** The files of the form, held outside react-hook-form. */
export interface ServiceFiles {
  featurePhoto: File | null;
  /** The stored icon thumbnail ('' once removed or when there is none). */
  featurePhotoUrl: string;
  comparisonPdf: File | null;
  comparisonPdfUrl: string;
  /** Stored gallery images to keep, in order. */
  galleryUrls: string[];
  /** New gallery images, appended after the kept ones. */
  galleryFiles: File[];
  videos: VideoEntry[];
}

const money = (value: number) => (Number.isFinite(value) ? String(value) : '');

export function valuesOf(service: ManageService | undefined): ServiceFormValues {
  if (!service) {
    return {
      title: '',
      initialInvestmentDescription: '',
      deliveryDays: String(DEFAULT_DELIVERY_DAYS),
      description: '',
      packages: [],
      serviceExtras: [],
      faqs: [],
      intakeQuestions: [],
    };
  }
  return {
    title: service.title,
    initialInvestmentDescription: service.initialInvestmentDescription,
    deliveryDays: String(service.deliveryDays),
    description: service.description,
    packages: service.packages.map((pkg) => ({
      _id: pkg._id,
      title: pkg.title,
      type: pkg.type,
      baseCost: money(pkg.baseCost),
      recurringCost: money(pkg.recurringCost),
      priceSuffix: pkg.priceSuffix,
      features: pkg.features.join(', '),
      recommended: pkg.recommended,
      activeRequestLimit: pkg.activeRequestLimit ? String(pkg.activeRequestLimit) : '',
      requestsPerPeriod: pkg.requestsPerPeriod ? String(pkg.requestsPerPeriod) : '',
      extraRequestPrice: pkg.extraRequestPrice ? money(pkg.extraRequestPrice) : '',
      clientsMayPause: pkg.clientsMayPause ?? false,
      minimumTermPeriods: pkg.minimumTermPeriods ? String(pkg.minimumTermPeriods) : '',
    })),
    serviceExtras: service.serviceExtras.map((extra) => ({
      _id: extra._id,
      title: extra.title,
      description: extra.description,
      price: money(extra.price),
    })),
    faqs: service.faqs.map((faq) => ({ question: faq.question, answer: faq.answer })),
    intakeQuestions: toQuestionValues(service.intakeQuestions),
  };
}

let keySequence = 0;
export function newKey(): string {
  keySequence += 1;
  return `entry-${keySequence}`;
}

export function filesOf(service: ManageService | undefined): ServiceFiles {
  return {
    featurePhoto: null,
    featurePhotoUrl: service?.featurePhoto ?? '',
    comparisonPdf: null,
    comparisonPdfUrl: service?.comparisonPdf ?? '',
    galleryUrls: service?.gallery ?? [],
    galleryFiles: [],
    videos: (service?.featureVideos ?? []).map((video) => ({
      key: newKey(),
      kind: 'kept' as const,
      url: video.url,
      thumbnailUrl: video.thumbnailUrl,
    })),
  };
}

export function splitFeatures(text: string): string[] {
  return text
    .split(',')
    .map((feature) => feature.trim())
    .filter(Boolean);
}

/**
 * The multipart body of docs/product.md#api-calls as the server reads it: scalars as text, lists
 * as JSON text, files under featurePhoto, comparisonPdf, gallery, featureVideos,
 * featureVideoThumbnails (with featureVideoThumbnailFor naming each thumbnail's new video).
 */
export function toServiceFormData(values: ServiceFormValues, files: ServiceFiles): FormData {
  const form = new FormData();
  form.append('title', values.title.trim());
  form.append('description', values.description);
  form.append('initialInvestmentDescription', values.initialInvestmentDescription);
  form.append('deliveryDays', values.deliveryDays.trim());
  form.append('intakeQuestions', JSON.stringify(toQuestions(values.intakeQuestions)));
  form.append(
    'packages',
    JSON.stringify(
      values.packages.map((pkg) => ({
        ...(pkg._id ? { _id: pkg._id } : {}),
        title: pkg.title.trim(),
        type: pkg.type,
        baseCost: pkg.baseCost.trim(),
        recurringCost: pkg.recurringCost.trim(),
        priceSuffix: pkg.priceSuffix.trim(),
        features: splitFeatures(pkg.features),
        recommended: pkg.recommended,
        activeRequestLimit: pkg.activeRequestLimit.trim() || null,
        requestsPerPeriod: pkg.requestsPerPeriod.trim() || null,
        extraRequestPrice: pkg.extraRequestPrice.trim() || null,
        clientsMayPause: pkg.type !== 'one-time' && pkg.clientsMayPause,
        minimumTermPeriods: pkg.type === 'one-time' ? null : pkg.minimumTermPeriods.trim() || null,
      })),
    ),
  );
  form.append(
    'serviceExtras',
    JSON.stringify(
      values.serviceExtras.map((extra) => ({
        ...(extra._id ? { _id: extra._id } : {}),
        title: extra.title.trim(),
        description: extra.description.trim(),
        price: extra.price.trim(),
      })),
    ),
  );
  form.append(
    'faqs',
    JSON.stringify(values.faqs.map((faq) => ({ question: faq.question, answer: faq.answer }))),
  );

  if (files.featurePhoto) form.append('featurePhoto', files.featurePhoto);
  else form.append('featurePhoto', files.featurePhotoUrl);
  if (files.comparisonPdf) form.append('comparisonPdf', files.comparisonPdf);
  else form.append('comparisonPdf', files.comparisonPdfUrl);

  form.append('gallery', JSON.stringify(files.galleryUrls));
  for (const file of files.galleryFiles) form.append('gallery', file);

  const kept = files.videos.filter((v) => v.kind === 'kept');
  const added = files.videos.filter((v) => v.kind === 'new');
  form.append(
    'featureVideos',
    JSON.stringify(kept.map((v) => ({ url: v.url, thumbnailUrl: v.thumbnailUrl }))),
  );
  const thumbnailFor: number[] = [];
  added.forEach((video, index) => {
    form.append('featureVideos', video.file);
    if (video.thumbnail) {
      form.append('featureVideoThumbnails', video.thumbnail);
      thumbnailFor.push(index);
    }
  });
  form.append('featureVideoThumbnailFor', JSON.stringify(thumbnailFor));
  return form;
}
