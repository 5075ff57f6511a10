import { termsOfType } from '@noise/shared/intervals';
import { questionSignature, type IntakeQuestion } from '@noise/shared/intake';
import { callerCan } from '@noise/shared/permissions';
import {
  allowanceOf,
  requestStateLabels,
  type MoveRequestInput,
  type RequestItem,
  type RequestPlan,
  type RequestState,
  type RequestUsage,
  type SubmitRequestInput,
} from '@noise/shared/requests';
import { seesOnlyAssigned } from '@noise/shared/roles';
import { displayNameOf } from '@noise/shared/user';
import { localDate } from '@noise/shared/dates';
import { formatDay } from '@noise/shared/format-day';
import { orderName } from '@noise/shared/project-constants';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { Repositories } from '../../repositories.ts';
import { requestStartedMail } from '../emails/requests.ts';
import { enqueueEmail } from '../jobs/email.ts';
import { dueDateFrom } from '../projects/due-date.ts';
import { readAnswers, storedFile, type UploadedFile } from '../projects/project-brief.ts';
import { emitWebhookEvent } from '../webhooks/deliver-webhook.ts';
import { estimateStarts } from './estimate-start.ts';
import { extrasOf, extraRequestOffer } from './extra-requests.ts';
import { periodStart, planRefusal, type PlanFound } from './plans.ts';
import type { RequestRow } from './repository.ts';

type Repos = Pick<
  Repositories,
  'requests' | 'briefs' | 'users' | 'jobs' | 'webhooks' | 'transaction'
>;
type RequestFound = NonNullable<Awaited<ReturnType<Repositories['requests']['findRequest']>>>;

export interface RequestMailSettings {
  publicUrl: string;
  companyName: string;
  /** BUSINESS_TIMEZONE: a request's due date counts working days there (docs/decisions/054). */
  timeZone: string;
}

const ACTIVE: readonly RequestState[] = ['in-progress', 'in-review'];

/** A request as its client and the team see it, with its estimated start while queued. */
export function toRequestItem(
  row: RequestFound,
  estimates?: ReadonlyMap<string, string>,
): RequestItem {
  const r = row.request;
  const state = r.requestState ?? 'queued';
  return {
    id: r.id,
    orderNumber: r.orderNumber,
    title: r.serviceTitle,
    state,
    queuePlace: state === 'queued' ? r.queuePosition : null,
    version: r.requestVersion,
    planId: r.planProjectId ?? '',
    planTitle: row.planTitle ?? r.packageTitle,
    companyId: r.companyId,
    companyName: row.companyName || r.contactCompanyName,
    coordinatorId: r.coordinatorId,
    coordinatorName: row.coordinator ? displayNameOf(row.coordinator) || row.coordinator.email : '',
    dueDate: dayOf(r.expectedDeliveryDate),
    estimatedStart: state === 'queued' ? (estimates?.get(r.id) ?? null) : null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** A stored due date (the day's UTC midnight) as its day, YYYY-MM-DD. */
const dayOf = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/**
 * The estimated start of each queued request of a plan (`estimateStarts`), from the plan's
 * requests as they are now; none for a plan whose queue does not move (paused, cancelled).
 */
function queueEstimates(found: PlanFound, rows: readonly RequestFound[], timeZone: string) {
  if (planRefusal(found)) return new Map<string, string>();
  const mine = rows.map((r) => r.request).filter((r) => r.planProjectId === found.plan.id);
  return estimateStarts({
    activeLimit: found.plan.packageActiveRequestLimit ?? 1,
    deliveryDays: found.plan.deliveryDays,
    activeDueDates: mine
      .filter((r) => ACTIVE.includes(r.requestState ?? 'queued'))
      .map((r) => dayOf(r.expectedDeliveryDate)),
    queue: mine
      .filter((r) => r.requestState === 'queued')
      .sort((a, b) => (a.queuePosition ?? 0) - (b.queuePosition ?? 0))
      .map((r) => r.id),
    today: localDate(new Date(), timeZone),
  });
}

/** The estimated starts of the queued requests of these plans, by request id. */
async function estimatesOf(
  repos: Pick<Repositories, 'requests'>,
  planIds: readonly string[],
  timeZone: string,
) {
  const ids = [...new Set(planIds)];
  if (ids.length === 0) return new Map<string, string>();
  const [plans, rows] = await Promise.all([
    repos.requests.plansByIds(ids),
    repos.requests.requestsOf(ids),
  ]);
  return new Map(plans.flatMap((found) => [...queueEstimates(found, rows, timeZone)]));
}

/** When a request starts now: the start of its due clock and the due date it gives. */
function startOf(deliveryDays: number, timeZone: string) {
  const at = new Date();
  return { at, due: dueDateFrom(at, deliveryDays, timeZone) };
}

/** What `request.*` webhook events say of a request (packages/shared/src/webhooks.ts). */
function requestEventData(r: RequestRow) {
  return {
    requestId: r.id,
    projectId: r.id,
    orderNumber: r.orderNumber,
    order: orderName(r.orderNumber),
    title: r.serviceTitle,
    planId: r.planProjectId ?? '',
    companyId: r.companyId,
    customerId: r.userId,
    state: r.requestState ?? 'queued',
    queuePlace: r.requestState === 'queued' ? r.queuePosition : null,
  };
}

/** `request.status_changed`, in the transaction that moved it (docs/product.md#request-plans). */
async function emitStateChanged(
  tx: Pick<Repositories, 'webhooks' | 'jobs'>,
  row: RequestRow | undefined,
  from: RequestState,
) {
  if (!row || row.requestState === from) return;
  await emitWebhookEvent(tx, 'request.status_changed', { ...requestEventData(row), from });
}

/**
 * A plan's use now: the active places its requests take, the requests of this period (cancelled
 * ones not counted, as submitting counts them) and when the period starts again. The one figure
 * the dashboard's Requests panel and the Billing page both show (docs/product.md#request-plans).
 */
export function planUsage(
  found: Pick<PlanFound, 'plan' | 'nextChargeAt' | 'subscriptionStatus'>,
  requests: readonly RequestFound[],
  extraThisPeriod: number,
): RequestUsage {
  const since = periodStart(found.plan, found.nextChargeAt);
  const mine = requests.filter(
    (r) => r.request.planProjectId === found.plan.id && r.request.requestState !== 'cancelled',
  );
  return {
    activeRequestLimit: found.plan.packageActiveRequestLimit ?? 1,
    requestsPerPeriod: found.plan.packageRequestsPerPeriod,
    active: mine.filter((r) => ACTIVE.includes(r.request.requestState ?? 'queued')).length,
    usedThisPeriod: mine.filter((r) => r.request.createdAt >= since).length,
    extraThisPeriod,
    period: termsOfType(found.plan.packageType).period,
    resetsAt: planRefusal(found) === null ? (found.nextChargeAt?.toISOString() ?? null) : null,
  };
}

/** The use of each of the company's plans, by the plan's id (the Billing page's plans). */
export async function requestUsageOf(
  repos: Pick<Repositories, 'requests' | 'bills'>,
  companyId: string,
  timeZone: string,
): Promise<Map<string, RequestUsage>> {
  const plans = await repos.requests.plansOf(companyId);
  const requests = await repos.requests.requestsOf(plans.map((p) => p.plan.id));
  const extras = await extrasOf(repos, periodsOf(plans), localDate(new Date(), timeZone));
  return new Map(
    plans.map((found) => [
      found.plan.id,
      planUsage(found, requests, extras.get(found.plan.id)?.paidThisPeriod ?? 0),
    ]),
  );
}

/** Each plan's current period, for counting its extra requests. */
const periodsOf = (plans: readonly PlanFound[]) =>
  plans.map((p) => ({ id: p.plan.id, since: periodStart(p.plan, p.nextChargeAt) }));

/** The caller's company's plans with their requests and use (docs/product.md#request-plans). */
export async function myRequestPlans(
  repos: Pick<Repositories, 'requests' | 'bills'>,
  caller: AuthUser,
  timeZone: string,
): Promise<{ plans: RequestPlan[] }> {
  if (!caller.companyId) return { plans: [] };
  const plans = await repos.requests.plansOf(caller.companyId);
  const requests = await repos.requests.requestsOf(plans.map((p) => p.plan.id));
  const extras = await extrasOf(repos, periodsOf(plans), localDate(new Date(), timeZone));
  const out: RequestPlan[] = [];
  for (const found of plans) {
    const refusal = planRefusal(found);
    const usage = planUsage(found, requests, extras.get(found.plan.id)?.paidThisPeriod ?? 0);
    const estimates = queueEstimates(found, requests, timeZone);
    out.push({
      id: found.plan.id,
      orderNumber: found.plan.orderNumber,
      title: found.plan.packageTitle,
      open: refusal === null,
      refusal,
      activeRequestLimit: usage.activeRequestLimit,
      requestsPerPeriod: usage.requestsPerPeriod,
      active: usage.active,
      usedThisPeriod: usage.usedThisPeriod,
      extraThisPeriod: usage.extraThisPeriod,
      extraRequest: extraRequestOffer(found),
      intakeQuestions: found.intake ?? [],
      requests: requests
        .filter((r) => r.request.planProjectId === found.plan.id)
        .map((r) => toRequestItem(r, estimates)),
    });
  }
  return { plans: out };
}

/**
 * A client's Owner or Member submits a request under their company's plan. The plan's row is
 * locked while the active places are counted, so two submissions at once never both take the
 * last one: the second is queued behind the first (docs/decisions/091).
 */
export async function submitRequest(
  repos: Repos,
  mail: RequestMailSettings,
  caller: AuthUser,
  planId: string,
  input: SubmitRequestInput & {
    /**
     * The intake answers (JSON text) and the signatures of the questions they answer; without
     * them, the questions as the plan asks them now.
     */
    answers: { json: string; asked?: string };
    /** Files answering file questions, and the question each answers (JSON list), in order. */
    answerFiles: UploadedFile[];
    answerFileQuestions?: string;
    /** Further files for the team. */
    attachments: UploadedFile[];
  },
): Promise<RequestItem> {
  const found = await repos.requests.findPlan(planId);
  if (!found || !caller.companyId || found.plan.companyId !== caller.companyId) {
    throw notFound('Plan not found');
  }
  if (found.plan.claimTokenHash !== null) throw notFound('Plan not found');
  const refusal = planRefusal(found);
  if (refusal) throw conflict(refusal);
  // Checked as a project's first brief is (modules/projects/project-brief.ts): the same
  // questions, the same refusals, file questions answered by their files.
  const questions = (found.intake ?? []) as IntakeQuestion[];
  if (questions.length === 0 && input.answerFiles.length > 0) {
    throw badRequest('This plan asks no questions');
  }
  const answered = questions.length
    ? readAnswers(
        questions,
        {
          json: input.answers.json,
          asked: input.answers.asked ?? JSON.stringify(questions.map(questionSignature)),
        },
        input.answerFiles,
        input,
      )
    : null;
  const files = [
    ...input.attachments.map((f, i) => storedFile(f, i, null)),
    ...input.answerFiles.map((f, i) => storedFile(f, i, answered?.fileQuestions[i] ?? null)),
  ];
  const person = await repos.users.findById(caller.id);
  const authorName = person ? displayNameOf(person) : '';

  const id = await repos.transaction(async (tx) => {
    await tx.requests.lockPlan(planId);
    const plan = found.plan;
    const cap = plan.packageRequestsPerPeriod;
    if (cap !== null) {
      const since = periodStart(plan, found.nextChargeAt);
      const used = await tx.requests.countSince(planId, since);
      const today = localDate(new Date(), mail.timeZone);
      const extras = (await extrasOf(tx, [{ id: planId, since }], today)).get(planId)!;
      if (
        used >= allowanceOf({ requestsPerPeriod: cap, extraThisPeriod: extras.paidThisPeriod })!
      ) {
        const next = found.nextChargeAt ? formatDay(found.nextChargeAt, mail.timeZone) : 'soon';
        throw conflict(
          `Your plan includes ${cap} request${cap === 1 ? '' : 's'} ${termsOfType(plan.packageType).perPeriod} and all are used: the next period starts on ${next}.${extraRequestOffer(found) ? ' An Owner or Billing person can buy an extra request on the dashboard.' : ''}`,
        );
      }
    }
    const active = await tx.requests.countActive(planId);
    const starts = active < (plan.packageActiveRequestLimit ?? 1);
    const queue = starts ? [] : await tx.requests.queueOf(planId);
    const now = new Date();
    const row = await tx.requests.insert({
      type: 'Project',
      userId: caller.id,
      serviceId: plan.serviceId,
      coordinatorId: plan.coordinatorId,
      status: 'active',
      serviceTitle: input.title,
      serviceFeaturePhotoUrl: plan.serviceFeaturePhotoUrl,
      packageTitle: plan.packageTitle,
      packageType: 'one-time',
      totalPriceCents: 0,
      oneTimeTotalWithGstCents: 0,
      currency: plan.currency,
      contactFirstName: plan.contactFirstName,
      contactLastName: plan.contactLastName,
      contactCompanyName: plan.contactCompanyName,
      contactNumber: plan.contactNumber,
      contactEmail: plan.contactEmail,
      deliveryDays: plan.deliveryDays,
      dueClockStartedAt: starts ? now : null,
      expectedDeliveryDate: starts ? dueDateFrom(now, plan.deliveryDays, mail.timeZone) : null,
      planProjectId: planId,
      requestState: starts ? 'in-progress' : 'queued',
      queuePosition: starts ? null : queue.length + 1,
    });
    await tx.briefs.add(
      {
        projectId: row.id,
        authorId: caller.id,
        authorName,
        text: '',
        // Answered even when the plan asks nothing: the request's questions are never asked again.
        answers: { questions, answers: answered?.values ?? {} },
      },
      files,
    );
    await emitWebhookEvent(tx, 'request.created', {
      ...requestEventData(row),
      submittedBy: caller.id,
    });
    return row.id;
  });
  const saved = await repos.requests.findRequest(id);
  return toRequestItem(saved!, await estimatesOf(repos, [planId], mail.timeZone));
}

async function ownQueuedRequest(
  repos: Pick<Repositories, 'requests'>,
  caller: AuthUser,
  id: string,
) {
  const found = await repos.requests.findRequest(id);
  if (!found || !caller.companyId || found.request.companyId !== caller.companyId) {
    throw notFound('Request not found');
  }
  if (found.request.requestState !== 'queued') {
    throw conflict(
      `This request is ${requestStateLabels[found.request.requestState ?? 'queued'].toLowerCase()}: only a queued request can be cancelled or moved in the queue`,
    );
  }
  return found;
}

/** The client cancels a request that waits in their queue; the rest move up. */
export async function cancelRequest(repos: Repos, caller: AuthUser, id: string) {
  const found = await ownQueuedRequest(repos, caller, id);
  const planId = found.request.planProjectId!;
  await repos.transaction(async (tx) => {
    await tx.requests.lockPlan(planId);
    const now = await tx.requests.findRequest(id);
    // Started or moved meanwhile: nothing to cancel (the client's panel shows it as it is).
    if (now?.request.requestState !== 'queued') return;
    await emitStateChanged(tx, await tx.requests.setState(id, 'cancelled', null), 'queued');
    const queue = await tx.requests.queueOf(planId);
    await tx.requests.renumberQueue(queue.map((q) => q.id));
  });
  return toRequestItem((await repos.requests.findRequest(id))!);
}

/** The client moves a queued request one place up or down their queue. */
export async function moveInQueue(
  repos: Repos,
  caller: AuthUser,
  id: string,
  direction: 'up' | 'down',
  timeZone: string,
) {
  const found = await ownQueuedRequest(repos, caller, id);
  const planId = found.request.planProjectId!;
  await repos.transaction(async (tx) => {
    await tx.requests.lockPlan(planId);
    const ids = (await tx.requests.queueOf(planId)).map((q) => q.id);
    const at = ids.indexOf(id);
    const to = direction === 'up' ? at - 1 : at + 1;
    if (at < 0 || to < 0 || to >= ids.length) return;
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    await tx.requests.renumberQueue(ids);
  });
  return toRequestItem(
    (await repos.requests.findRequest(id))!,
    await estimatesOf(repos, [planId], timeZone),
  );
}

/**
 * Starts queued requests while the plan has active places free, first in the queue first, and
 * mails the client that each has started. Runs with the plan's row locked.
 */
async function startNext(
  tx: Repositories,
  planId: string,
  timeZone: string,
): Promise<RequestRow[]> {
  const found = await tx.requests.findPlan(planId);
  if (!found || planRefusal(found)) return [];
  const limit = found.plan.packageActiveRequestLimit ?? 1;
  let active = await tx.requests.countActive(planId);
  const queue = await tx.requests.queueOf(planId);
  const started: RequestRow[] = [];
  while (active < limit && queue.length > 0) {
    const next = queue.shift()!;
    const row = await tx.requests.setState(
      next.id,
      'in-progress',
      null,
      startOf(found.plan.deliveryDays, timeZone),
    );
    await emitStateChanged(tx, row, 'queued');
    if (row) started.push(row);
    active += 1;
  }
  if (started.length) await tx.requests.renumberQueue(queue.map((q) => q.id));
  return started;
}

async function mailStarted(
  repos: Pick<Repositories, 'users' | 'jobs'>,
  mail: RequestMailSettings,
  started: readonly RequestRow[],
) {
  for (const row of started) {
    const person = await repos.users.findById(row.userId);
    if (!person) continue;
    await enqueueEmail(
      repos.jobs,
      {
        to: person.email,
        ...requestStartedMail({
          ...mail,
          firstName: person.firstName,
          title: row.serviceTitle,
          orderNumber: row.orderNumber,
          projectId: row.id,
        }),
      },
      `request-started:${row.id}:${row.requestVersion}`,
    );
  }
}

/**
 * A request's deliverable was approved: the request is done and the next queued one starts.
 * Anything that is not a request is left alone.
 */
export async function finishRequest(
  repos: Repositories,
  mail: RequestMailSettings,
  projectId: string,
): Promise<void> {
  const found = await repos.requests.findRequest(projectId);
  const planId = found?.request.planProjectId;
  if (!found || !planId || !ACTIVE.includes(found.request.requestState ?? 'queued')) return;
  const started = await repos.transaction(async (tx) => {
    await tx.requests.lockPlan(planId);
    const now = (await tx.requests.findRequest(projectId))!.request;
    const from = now.requestState ?? 'queued';
    if (!ACTIVE.includes(from)) return [];
    await emitStateChanged(tx, await tx.requests.setState(projectId, 'done', null), from);
    return startNext(tx, planId, mail.timeZone);
  });
  await mailStarted(repos, mail, started);
}

/** The staff board (docs/product.md#request-board): a co-ordinator sees their clients' requests. */
export async function boardRequests(
  repos: Pick<Repositories, 'requests'>,
  caller: AuthUser,
  filter: { companyId?: string },
  timeZone: string,
): Promise<{ requests: RequestItem[] }> {
  const rows = await repos.requests.board({
    companyId: filter.companyId,
    coordinatorId: seesOnlyAssigned(caller.role) ? caller.id : undefined,
    limit: 500,
  });
  // A queued card's start counts every active request of its plan, shown on this board or not.
  const queuedPlans = rows
    .filter((r) => r.request.requestState === 'queued')
    .map((r) => r.request.planProjectId ?? '');
  const estimates = await estimatesOf(repos, queuedPlans, timeZone);
  return { requests: rows.map((r) => toRequestItem(r, estimates)) };
}

/** One request as its card shows it, for its staff page; a co-ordinator's own requests only. */
export async function staffRequest(
  repos: Pick<Repositories, 'requests'>,
  caller: AuthUser,
  id: string,
  timeZone: string,
): Promise<RequestItem> {
  const found = await repos.requests.findRequest(id);
  if (!found || (seesOnlyAssigned(caller.role) && found.request.coordinatorId !== caller.id)) {
    throw notFound('Request not found');
  }
  const planIds = found.request.planProjectId ? [found.request.planProjectId] : [];
  return toRequestItem(found, await estimatesOf(repos, planIds, timeZone));
}

/**
 * Staff move a card. The mover sends the state and version they saw; when someone else moved it
 * meanwhile nothing changes and the answer is the card as it is now (`moved: false`).
 */
export async function moveOnBoard(
  repos: Repositories,
  mail: RequestMailSettings,
  caller: AuthUser,
  id: string,
  input: MoveRequestInput,
): Promise<{ moved: boolean; request: RequestItem }> {
  if (!callerCan(caller, 'sales:manage')) throw forbidden();
  const found = await repos.requests.findRequest(id);
  if (!found || (seesOnlyAssigned(caller.role) && found.request.coordinatorId !== caller.id)) {
    throw notFound('Request not found');
  }
  const planId = found.request.planProjectId!;
  const outcome = await repos.transaction(async (tx) => {
    await tx.requests.lockPlan(planId);
    const now = (await tx.requests.findRequest(id))!;
    const r = now.request;
    if (r.requestVersion !== input.version || r.requestState === 'cancelled') {
      return { moved: false, started: [] as RequestRow[] };
    }
    const from = r.requestState ?? 'queued';
    const ids = (await tx.requests.queueOf(planId)).map((q) => q.id).filter((q) => q !== id);
    if (input.state === 'queued') {
      const place = Math.min(input.queuePlace ?? ids.length + 1, ids.length + 1);
      if (from !== 'queued') {
        await emitStateChanged(tx, await tx.requests.setState(id, 'queued', place), from);
      }
      ids.splice(place - 1, 0, id);
      await tx.requests.renumberQueue(ids);
    } else {
      const starting = from === 'queued' && ACTIVE.includes(input.state);
      const row = await tx.requests.setState(
        id,
        input.state,
        null,
        starting ? startOf(r.deliveryDays, mail.timeZone) : undefined,
      );
      await emitStateChanged(tx, row, from);
      if (from === 'queued') await tx.requests.renumberQueue(ids);
    }
    const started = ACTIVE.includes(from) ? await startNext(tx, planId, mail.timeZone) : [];
    return { moved: true, started };
  });
  await mailStarted(repos, mail, outcome.started);
  const estimates = await estimatesOf(repos, [planId], mail.timeZone);
  return {
    moved: outcome.moved,
    request: toRequestItem((await repos.requests.findRequest(id))!, estimates),
  };
}
