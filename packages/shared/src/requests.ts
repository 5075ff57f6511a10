import { z } from 'zod';
import { periods } from './intervals.ts';

export { ordinal, planIncludes, planUseWords } from './request-words.ts';

/**
 * Request plans (docs/product.md#request-plans, docs/decisions/091): a recurring package whose
 * client submits requests that the team works through a queue.
 */
export const requestStates = ['queued', 'in-progress', 'in-review', 'done', 'cancelled'] as const;
export type RequestState = (typeof requestStates)[number];

/** The board's columns, in order. */
export const boardStates = ['queued', 'in-progress', 'in-review', 'done'] as const;
export type BoardState = (typeof boardStates)[number];

export const requestStateLabels: Record<RequestState, string> = {
  queued: 'Queued',
  'in-progress': 'In progress',
  'in-review': 'In review',
  done: 'Done',
  cancelled: 'Cancelled',
};

export const MAX_ACTIVE_REQUESTS = 20;
export const MAX_REQUESTS_PER_PERIOD = 1000;

/** One request as its client and the team see it. */
export const requestSchema = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  title: z.string(),
  state: z.enum(requestStates),
  /** Its place in the client's queue (1 is next), while queued. */
  queuePlace: z.number().int().nullable(),
  version: z.number().int(),
  planId: z.string(),
  /** The plan as people name it: its service ('Unlimited Design Requests'). */
  planTitle: z.string(),
  companyId: z.string().nullable(),
  companyName: z.string(),
  /** Who works on it: the project's co-ordinator (set on the request's staff page). */
  coordinatorId: z.string().nullable(),
  coordinatorName: z.string(),
  /** Its due date (YYYY-MM-DD), from its start and delivery days, or as staff moved it. */
  dueDate: z.string().nullable(),
  /**
   * While queued, the day (YYYY-MM-DD) it should start: when the place it waits for frees, by
   * the due dates of the requests before it (docs/product.md#request-plans). Null when that
   * cannot be told (a request before it has no due date, the plan is paused).
   */
  estimatedStart: z.string().nullable(),
  createdAt: z.string(),
});
export type RequestItem = z.infer<typeof requestSchema>;

/**
 * What a plan has used now (docs/product.md#request-plans): its active places taken and the
 * requests of this period. The dashboard's panel and the Billing page show the same figures,
 * from one server function (`planUsage`, modules/requests/manage-requests.ts).
 */
export const requestUsageSchema = z.object({
  activeRequestLimit: z.number().int(),
  /** Null: unlimited requests a period. */
  requestsPerPeriod: z.number().int().nullable(),
  active: z.number().int(),
  /** Requests submitted since the period began, cancelled ones not counted. */
  usedThisPeriod: z.number().int(),
  /** Extra requests paid for this period: each raises its cap by one (#extra-requests). */
  extraThisPeriod: z.number().int(),
  /** The plan's period: a weekly plan's week, a quarterly plan's quarter. */
  period: z.enum(periods),
  /** When the period starts again (the next charge), or null when the plan renews no more. */
  resetsAt: z.string().nullable(),
});
export type RequestUsage = z.infer<typeof requestUsageSchema>;

/** A plan of the caller's company with its requests and what it has used. */
export const requestPlanSchema = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  title: z.string(),
  /** Whether requests can be submitted under it; when not, `refusal` says why. */
  open: z.boolean(),
  refusal: z.string().nullable(),
  activeRequestLimit: z.number().int(),
  requestsPerPeriod: z.number().int().nullable(),
  active: z.number().int(),
  usedThisPeriod: z.number().int(),
  /** Extra requests paid for this period: each raises its cap by one (#extra-requests). */
  extraThisPeriod: z.number().int(),
  /**
   * One extra request as the plan sells it now, before GST, its GST and the total the client
   * pays; null when the plan has no per-period cap or sells none.
   */
  extraRequest: z
    .object({
      priceCents: z.number().int(),
      gstCents: z.number().int(),
      totalCents: z.number().int(),
    })
    .nullable(),
  intakeQuestions: z.array(z.unknown()),
  requests: z.array(requestSchema),
});
export type RequestPlan = z.infer<typeof requestPlanSchema>;

export const myRequestPlansResponse = z.object({ plans: z.array(requestPlanSchema) });

/**
 * A new request's title. The request is sent as a multipart form, as a first brief is: `title`,
 * the intake `answers` (JSON) with the signatures of the questions `asked`, files answering file
 * questions (`answerFiles`, each named in `answerFileQuestions`) and other `attachments`.
 */
export const submitRequestSchema = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title is at most 200 characters'),
});
export type SubmitRequestInput = z.infer<typeof submitRequestSchema>;

export const moveInQueueSchema = z.object({
  direction: z.enum(['up', 'down'], { error: "Direction must be 'up' or 'down'" }),
});

/** A staff move on the board: the state and version the mover saw, and where it goes. */
export const moveRequestSchema = z.object({
  state: z.enum(boardStates, { error: 'State must be queued, in-progress, in-review or done' }),
  version: z.number({ error: 'Version is required' }).int(),
  /** Within 'Queued': its new place (1 is next). */
  queuePlace: z.number().int().min(1, 'Queue place is at least 1').optional(),
});
export type MoveRequestInput = z.infer<typeof moveRequestSchema>;

export const boardResponse = z.object({ requests: z.array(requestSchema) });
export type BoardResponse = z.infer<typeof boardResponse>;

/** A staff move's answer: `moved: false` when someone moved the card first (it is as it is now). */
export const moveResultSchema = z.object({ moved: z.boolean(), request: requestSchema });
export type MoveResult = z.infer<typeof moveResultSchema>;

/** What a project that is a request says of it (the Projects lists label it). */
export const projectRequestSchema = z.object({
  planId: z.string(),
  planTitle: z.string(),
  planOrderNumber: z.number().int(),
  state: z.enum(requestStates),
});
export type ProjectRequest = z.infer<typeof projectRequestSchema>;

/** An extra request bought: the invoice to pay, by card on its pay page. */
export const extraRequestResponse = z.object({
  invoiceId: z.string(),
  /** The invoice's signed pay page, on this site. */
  payUrl: z.string(),
});
export type ExtraRequestBought = z.infer<typeof extraRequestResponse>;

/** Requests a plan allows this period: its cap and the extra ones paid for; null: no cap. */
export const allowanceOf = (plan: Pick<RequestPlan, 'requestsPerPeriod' | 'extraThisPeriod'>) =>
  plan.requestsPerPeriod === null ? null : plan.requestsPerPeriod + plan.extraThisPeriod;
