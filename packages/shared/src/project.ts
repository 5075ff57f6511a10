import { z } from 'zod';
import { orderMoneySchema } from './order-money.ts';
import { packageTypeSchema } from './catalogue.ts';
import { dateOrDateTimeSchema, localDateSchema } from './dates.ts';
import { savedQuestionSchema } from './intake.ts';
import { PROJECTS_PAGE_SIZE, projectStatuses, statusUpdateTitles } from './project-constants.ts';
import { profileSchema } from './user.ts';
import { projectRequestSchema } from './requests.ts';

export {
  orderName,
  PROJECTS_NEXT_CURSOR_HEADER,
  PROJECTS_PAGE_SIZE,
  PROJECTS_TOTAL_HEADER,
  projectStatuses,
  projectStatusLabels,
  statusUpdateTitles,
  type ProjectStatus,
  type StatusUpdateTitle,
} from './project-constants.ts';
export const statusUpdateSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  createdAt: z.string(),
});
export type StatusUpdate = z.infer<typeof statusUpdateSchema>;

/** PUT /api/users/projects/{id}/status or /api/projects/{id}/status (docs/product.md#api-calls). */
export const addStatusUpdateRequest = z.object({
  statusUpdate: z.object({
    title: z.enum(statusUpdateTitles, { message: 'Choose a status title' }),
    date: dateOrDateTimeSchema,
    description: z.string().trim().max(5000).default(''),
  }),
});
export type AddStatusUpdateRequest = z.input<typeof addStatusUpdateRequest>;

/** PATCH /api/projects/{id}: staff change the project's own status and dates. */
export const updateProjectRequest = z
  .object({
    status: z.enum(projectStatuses).optional(),
    expectedDeliveryDate: dateOrDateTimeSchema.nullable().optional(),
    deliveryDate: dateOrDateTimeSchema.nullable().optional(),
    coordinatorId: z.string().min(1).max(64).nullable().optional(),
    /** Why the due date (expectedDeliveryDate) moves: required when it changes. */
    dueChangeReason: z.string().trim().max(500).optional(),
  })
  // An edit that names no field has nothing to save; saying so beats a silent success.
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to update');
export type UpdateProjectRequest = z.input<typeof updateProjectRequest>;

export const briefAttachmentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number(),
  /** GET it with the bearer token (owner or staff). */
  url: z.string(),
  /** The file question it answers; null for a file sent with the text. */
  questionId: z.string().nullable(),
});
/** An intake question as it was asked, and its answer (null: not answered). */
export const briefAnswerSchema = z.object({
  questionId: z.string(),
  label: z.string(),
  kind: z.string(),
  /** The question as asked, so a correction asks it the same way. */
  required: z.boolean(),
  options: z.array(z.string()),
  answer: z.union([z.string(), z.array(z.string()), z.boolean(), z.null()]),
});
export type BriefAnswer = z.infer<typeof briefAnswerSchema>;
/** What an entry said before one correction, and who corrected it when (staff read these). */
export const briefRevisionSchema = z.object({
  correctedAt: z.string(),
  correctedBy: z.string(),
  text: z.string(),
  answers: z.array(briefAnswerSchema).nullable(),
});
export type BriefRevision = z.infer<typeof briefRevisionSchema>;
export const briefEntrySchema = z.object({
  _id: z.string(),
  text: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
  attachments: z.array(briefAttachmentSchema),
  /** The intake questions this entry answered (docs/decisions/058); null for free text. */
  answers: z.array(briefAnswerSchema).nullable(),
  /**
   * The customer's entries can be corrected until work starts (the team's first status update,
   * or the project leaving In Progress): docs/product.md#project-page.
   */
  correctable: z.boolean(),
  correctedAt: z.string().nullable(),
  /** Earlier versions, oldest first. */
  history: z.array(briefRevisionSchema),
});
export type BriefEntry = z.infer<typeof briefEntrySchema>;
/** GET /api/projects/{id}/brief/questions. */
export const briefQuestionsSchema = z.object({
  questions: z.array(
    savedQuestionSchema.extend({
      signature: z
        .string()
        .describe(
          'The question as asked now. A brief names the questions it answers by these signatures ' +
            '(the `asked` field): one changed since it was read is not taken as answered.',
        ),
    }),
  ),
  answered: z.boolean(),
});
export type BriefQuestions = z.infer<typeof briefQuestionsSchema>;
export const BRIEF_MAX_FILES = 10;
export const BRIEF_TEXT_MAX = 20_000;

/**
 * A first brief with every question blank and nothing written or attached is refused unless the
 * customer says there is nothing to add (docs/product.md#project-page); then it records so.
 */
export const EMPTY_BRIEF_MESSAGE =
  'Answer at least one question, or tell us there is nothing to add';
export const NOTHING_TO_ADD_TEXT = 'Nothing to add: please start with what you have.';

/** PUT /api/projects/{id}/brief/{entryId}: the entry's words and answers, corrected. */
export const correctBriefRequest = z.object({
  text: z.string().max(BRIEF_TEXT_MAX, `The brief must be at most ${BRIEF_TEXT_MAX} characters`),
  /** By question id; the files of file questions stay as sent (add more with a new entry). */
  answers: z
    .record(z.string(), z.union([z.string(), z.array(z.string()), z.boolean(), z.null()]))
    .optional(),
});
export type CorrectBriefRequest = z.infer<typeof correctBriefRequest>;

/** docs/product.md#data-shapes: Project (sale). Prices in dollars, as the API shows them. */
export const projectSchema = z.object({
  _id: z.string(),
  /** The short number people quote ('Order 1001'); the id stays in URLs. */
  orderNumber: z.number().int(),
  /** 'Project' for a service order, 'CustomQuote' for a paid custom quote (a custom sale). */
  type: z.string(),
  user: z.object({ _id: z.string(), email: z.string(), profile: profileSchema }),
  /** The client company it belongs to (docs/product.md#client-companies). */
  companyId: z.string().nullable().optional(),
  service: z.object({
    _id: z.string().nullable(),
    title: z.string(),
    description: z.string(),
    featurePhoto: z.string(),
  }),
  status: z.string(),
  startDate: z.string(),
  /** The due date (docs/decisions/054): set from the brief, paused on hold, or by staff. */
  expectedDeliveryDate: z.string().nullable(),
  /** Working days from the brief to delivery. */
  deliveryDays: z.number().int(),
  deliveryDate: z.string().nullable(),
  /** The display total before GST (base + recurring + extras). */
  totalPrice: z.number(),
  oneTimeTotalWithGST: z.number(),
  recurringTotalWithGST: z.number(),
  currency: z.string(),
  /** Charged, refunded and kept, and each renewal, from its payments (order-money.ts). */
  money: orderMoneySchema,
  package: z.object({
    title: z.string(),
    type: packageTypeSchema,
    priceSuffix: z.string(),
    /** docs/product.md#data-shapes: comma-separated text. */
    features: z.string(),
    baseCost: z.number(),
    recurringCost: z.number(),
  }),
  /** The co-ordinator's user id. */
  coordinator: z.string().nullable(),
  coordinatorName: z.string(),
  quoteId: z.string().nullable(),
  /** Its proposal was signed: GET /api/quotes/{quoteId}/signed.pdf gives the signed PDF. */
  proposalSigned: z.boolean(),
  /** When its proposal was signed, and when we asked for its balance (the timeline's events). */
  proposalSignedAt: z.string().nullable(),
  balanceRequestedAt: z.string().nullable(),
  statusUpdates: z.array(statusUpdateSchema),
  extras: z.array(
    z.object({ _id: z.string(), title: z.string(), description: z.string(), price: z.number() }),
  ),
  paymentDetails: z.array(
    z.object({
      paymentType: z.string(),
      transactionId: z.string(),
      amount: z.number(),
      currency: z.string(),
    }),
  ),
  contact: z.object({
    firstName: z.string(),
    lastName: z.string(),
    companyName: z.string(),
    contactNumber: z.string(),
    emailAddress: z.string(),
  }),
  /** False until the customer has sent the brief (Submit Requirements). */
  briefSubmitted: z.boolean(),
  /** A recurring plan's next period: when it starts (and is charged); else null. */
  nextPeriodAt: z.string().nullable(),
  /** Set when it is a request of a request plan (docs/decisions/091): its plan and its place. */
  request: projectRequestSchema.nullable().optional(),
  createdAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export const customerProjectsQuery = z.object({
  userId: z.string().min(1).max(64).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(PROJECTS_PAGE_SIZE),
});

/** The Sales list filters (docs/product.md#sales-list; they work). */
export const salesDateRanges = [
  'today',
  'yesterday',
  'last7days',
  'last30days',
  'last90days',
  'last365days',
] as const;
export const salesQuery = z.object({
  /** An order number ('1001' or '#1001'), or part of a company, customer name or email. */
  search: z.string().trim().max(200).optional(),
  company: z.string().trim().max(200).optional(),
  service: z.string().trim().max(200).optional(),
  status: z.string().trim().max(40).optional(),
  teamMember: z.string().trim().max(64).optional(),
  dateRange: z.enum(salesDateRanges).optional(),
  type: z.enum(['Project', 'CustomQuote']).optional(),
  /** A custom range of local dates (YYYY-MM-DD, inclusive), instead of or with dateRange. */
  from: localDateSchema.optional(),
  to: localDateSchema.optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type SalesQuery = z.input<typeof salesQuery>;
/** GET /api/sales/filters: the choices of the Sales list's filters. */
export const salesFilterOptionsSchema = z.object({
  companies: z.array(z.string()),
  services: z.array(z.object({ _id: z.string(), title: z.string() })),
  statuses: z.array(z.object({ value: z.string(), label: z.string() })),
  teamMembers: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export type SalesFilterOptions = z.infer<typeof salesFilterOptionsSchema>;
export const salesPageSchema = z.object({
  items: z.array(projectSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
