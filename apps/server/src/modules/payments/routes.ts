import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyCan } from '@noise/shared/company';
import { messageResponse } from '@noise/shared/auth';
import {
  confirmPaymentRequest,
  coordinatorProfileSchema,
  coordinatorsResponse,
  handlePaymentRequest,
  handlePaymentResponse,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  paymentConfigResponse,
  projectPaymentsResponse,
  refundPaymentRequest,
  refundSchema,
  sandboxAuthenticateRequest,
  sandboxAuthenticateResponse,
  pauseSubscriptionRequest,
  subscriptionSchema,
  updatePaymentInfoRequest,
  updatePaymentInfoResponse,
} from '@noise/shared/payments';
import { changePlanRequest, planChangeOptionsSchema } from '@noise/shared/plan-change';
import { publicQuoteSchema } from '@noise/shared/quote';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { requireUser, type AuthUser } from '../../plugins/auth.ts';
import { handleWebhook } from './handle-webhook.ts';
import { cancelSubscription } from './cancel-subscription.ts';
import { clientsMayPauseOf, pauseSubscription, resumeSubscription } from './pause-subscription.ts';
import { cancelPlanChange, changePlan, planChangeOptions } from './change-plan.ts';
import { updatePaymentInfo } from './update-payment-info.ts';
import { listProjectPayments } from './project-payments.ts';
import { refundPayment } from './refund-payment.ts';
import { confirmPayment, handlePayment, type CheckoutDeps } from './handle-payment.ts';
import { requestBalance } from './request-balance.ts';
import { viewQuote } from '../quotes/view-quote.ts';
import type { createSandboxProvider } from './providers/sandbox.ts';
import type { ProjectRow } from '../projects/repository.ts';
import type { SubscriptionRow } from './repository.ts';
import { canSeeProject } from '../projects/visibility.ts';

const errorResponse = z
  .object({ statusCode: z.number(), error: z.string(), message: z.string() })
  .loose();
const idParams = z.object({ id: z.string().min(1).max(200) });
const providerParams = z.object({ provider: z.string().min(1).max(100) });

/** A subscription as it is answered; `packageTitle` is its project's package (what it charges for). */
export function toSubscriptionDto(
  row: SubscriptionRow,
  packageTitle: string,
  clientsMayPause: boolean,
) {
  const pending = row.status === 'cancelled' ? null : row.pendingChange;
  return {
    _id: row.id,
    projectId: row.projectId,
    packageTitle,
    status: row.status,
    interval: row.interval,
    amountCents: row.amountCents,
    currency: row.currency,
    nextChargeAt: row.status === 'cancelled' ? null : row.nextChargeAt.toISOString(),
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    pausedAt: row.status === 'paused' ? (row.pausedAt?.toISOString() ?? null) : null,
    pausedUntil: row.status === 'paused' ? row.pausedUntil : null,
    clientsMayPause,
    declines: row.failureCount,
    lastDecline:
      row.failureCount > 0 && row.status !== 'cancelled'
        ? {
            at: row.lastFailureAt?.toISOString() ?? null,
            reason: row.lastFailureMessage ?? '',
            nextTryAt: row.nextRetryAt?.toISOString() ?? null,
          }
        : null,
    pendingChange: pending
      ? {
          packageTitle: pending.package.title,
          amountCents: pending.amountCents,
          effectiveAt: pending.effectiveAt,
        }
      : null,
  };
}

/** The project's owner, or staff who manage sales; anyone else is told it does not exist. */
async function findOwnProject(deps: CheckoutDeps, caller: AuthUser, projectId: string) {
  const project = await deps.repos.projects.findById(projectId);
  if (!project || !canSeeProject(caller, project)) {
    throw notFound('Project not found');
  }
  return project;
}

function idempotencyKeyOf(request: FastifyRequest, fromBody: string | undefined): string {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  const value = fromBody ?? (typeof header === 'string' ? header : undefined);
  if (!value) {
    throw badRequest(
      `An idempotency key is required (the idempotencyKey field or the ${IDEMPOTENCY_KEY_HEADER} header)`,
    );
  }
  const parsed = idempotencyKeySchema.safeParse(value);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  return parsed.data;
}

export function registerPaymentRoutes(
  app: FastifyInstance,
  deps: CheckoutDeps & { sandbox: ReturnType<typeof createSandboxProvider> | null },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  /** A subscription as answered, with whether its package lets the client pause it. */
  const subscriptionAnswer = async (
    project: Pick<ProjectRow, 'serviceId' | 'packageTitle'>,
    row: SubscriptionRow,
  ) => toSubscriptionDto(row, project.packageTitle, await clientsMayPauseOf(deps.repos, project));
  const pauseDeps = { repos: deps.repos, timeZone: deps.timeZone ?? 'UTC', now: () => new Date() };

  r.get(
    '/api/payments/config',
    {
      config: { access: 'public' },
      schema: {
        summary: "The payment provider's public settings",
        tags,
        response: { 200: paymentConfigResponse },
      },
    },
    async () => ({
      provider: deps.provider.name,
      publishableKey: deps.provider.publishableKey,
      currency: deps.currency,
    }),
  );

  r.post(
    '/api/payments/handle-payment',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Order and pay as a signed-in customer',
        tags,
        body: handlePaymentRequest,
        response: { 200: handlePaymentResponse, 402: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // A custom quote is the company's to pay by anyone who pays for it (Billing too); a new
      // order needs a role that orders (docs/product.md#client-companies).
      if (
        request.body.type === 'normal' &&
        user.companyRole &&
        !companyCan(user.companyRole, 'order')
      ) {
        throw forbidden(
          'Your role in your company does not include placing orders. Ask one of its owners.',
        );
      }
      const key = idempotencyKeyOf(request, request.body.idempotencyKey);
      return handlePayment(deps, user.id, request.body, key);
    },
  );

  r.post(
    '/api/payments/confirm',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "Finish a payment after the bank's check",
        tags,
        body: confirmPaymentRequest,
        response: { 200: handlePaymentResponse },
      },
    },
    async (request) => confirmPayment(deps, requireUser(request).id, request.body.paymentIntentId),
  );

  if (deps.sandbox) {
    const sandbox = deps.sandbox;
    r.post(
      '/api/payments/sandbox/authenticate',
      {
        // The stand-in for the bank's check page: the client secret is the capability, as at a
        // bank; a signed-in caller must own the payment, a guest may approve their own.
        config: { access: 'public', optionalAuth: true },
        schema: {
          summary: "The sandbox provider's bank check (tests and demos)",
          tags,
          body: sandboxAuthenticateRequest,
          response: { 200: sandboxAuthenticateResponse },
        },
      },
      async (request) => {
        const user = request.user;
        const intent = await sandbox.retrievePaymentBySecret(request.body.clientSecret);
        const attempt =
          intent && (await deps.repos.payments.findAttemptByProviderPayment('sandbox', intent.id));
        if (!intent || !attempt || (user && attempt.userId !== user.id)) {
          throw notFound('Payment not found');
        }
        const result = await sandbox.authenticate(request.body.clientSecret, request.body.outcome);
        return {
          paymentIntentId: result!.id,
          status: result!.status as 'succeeded' | 'failed' | 'requires_action',
        };
      },
    );
  }

  // A provider signs the exact bytes it sent: this route alone keeps the body raw. The route
  // names the provider (Stripe posts to /api/payments/stripe/webhook): handleWebhook answers 404
  // for any but the one in use (decision 099).
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/payments/:provider/webhook',
      {
        config: { access: 'public' },
        schema: { tags, hide: true, params: providerParams },
      },
      async (request) =>
        handleWebhook(deps, request.params.provider, {
          body: request.body,
          header: (name) => {
            const value = request.headers[name];
            return typeof value === 'string' ? value : undefined;
          },
        }),
    );
  });

  r.post(
    '/api/users/update-payment-info',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "Save the card used at checkout as one's card on file",
        tags,
        body: updatePaymentInfoRequest,
        response: { 200: updatePaymentInfoResponse },
      },
    },
    async (request) => updatePaymentInfo(deps, requireUser(request).id, request.body),
  );

  r.get(
    '/api/users/coordinators',
    {
      // Guests choose their co-ordinator too; only names of staff who coordinate are shown.
      config: { access: 'public' },
      schema: {
        summary: 'The co-ordinators a buyer may choose at checkout',
        tags,
        response: { 200: coordinatorsResponse },
      },
    },
    async () => {
      const rows = await deps.repos.orderSources.listCoordinators();
      return rows.map((row) => ({
        _id: row.id,
        profile: { firstName: row.firstName, lastName: row.lastName, displayName: row.displayName },
      }));
    },
  );

  r.get(
    '/api/users/coordinators/:id',
    {
      // What the checkout's list shows, and the photo: what a client sees of their co-ordinator.
      config: { access: 'authenticated' },
      schema: {
        summary: 'One co-ordinator, with their profile',
        tags,
        params: idParams,
        response: { 200: coordinatorProfileSchema },
      },
    },
    async (request) => {
      const row = await deps.repos.orderSources.findCoordinator(request.params.id);
      if (!row) throw notFound('There is no such co-ordinator');
      const { firstName, lastName, displayName, profilePhotoUrl } = row;
      return { _id: row.id, profile: { firstName, lastName, displayName, profilePhotoUrl } };
    },
  );

  // The quote link is the capability: anyone holding it may see and pay the quote. The caller,
  // when signed in, tells a customer's first view from staff checking the link.
  r.get(
    '/api/quotes/:id',
    {
      config: { access: 'public', optionalAuth: true },
      schema: {
        summary: 'A custom quote by its link, to view and pay',
        tags,
        params: idParams,
        response: { 200: publicQuoteSchema },
      },
    },
    async (request) => viewQuote(deps.repos, request.params.id, request.user),
  );

  r.get(
    '/api/projects/:id/subscription',
    {
      config: { access: 'client:billing' },
      schema: {
        summary: "An order's subscription",
        tags,
        params: idParams,
        response: { 200: subscriptionSchema },
      },
    },
    async (request) => {
      const project = await findOwnProject(deps, requireUser(request), request.params.id);
      const subscription = await deps.repos.payments.findSubscriptionOfProject(project.id);
      if (!subscription) throw notFound('This project has no subscription');
      return subscriptionAnswer(project, subscription);
    },
  );

  r.get(
    '/api/projects/:id/payments',
    {
      config: { access: 'client:billing' },
      schema: {
        summary: "An order's payments and refunds",
        tags,
        params: idParams,
        response: { 200: projectPaymentsResponse },
      },
    },
    async (request) => {
      const project = await findOwnProject(deps, requireUser(request), request.params.id);
      return listProjectPayments(deps.repos, project);
    },
  );

  r.post(
    '/api/projects/:id/payments/:paymentId/refunds',
    {
      config: { access: 'payments:refund' },
      schema: {
        summary: 'Refund a payment, in full or in part',
        tags,
        params: idParams.extend({ paymentId: z.string().min(1).max(200) }),
        body: refundPaymentRequest,
        response: { 200: refundSchema, 402: errorResponse },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const project = await findOwnProject(deps, caller, request.params.id);
      return refundPayment(deps, caller, project, request.params.paymentId, request.body);
    },
  );

  // A quote paid with a deposit: its co-ordinator or an admin asks for the balance.
  r.post(
    '/api/projects/:id/balance-request',
    {
      config: { access: 'sales:manage' },
      schema: {
        summary: "Ask the customer to pay a quote's balance",
        tags,
        params: idParams,
        response: { 202: messageResponse },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const project = await findOwnProject(deps, caller, request.params.id);
      const notify = (userId: string, note: { title: string; body: string; link: string }) =>
        void app.notifier.sendQuietly([userId], { kind: 'quote-link', ...note, skipEmail: true });
      return reply.status(202).send(await requestBalance({ ...deps, notify }, caller, project));
    },
  );

  r.post(
    '/api/projects/:id/subscription/cancel',
    {
      config: { access: 'client:billing' },
      schema: {
        summary: "Cancel an order's subscription",
        tags,
        params: idParams,
        response: { 200: subscriptionSchema },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const project = await findOwnProject(deps, caller, request.params.id);
      const cancelled = await cancelSubscription(deps.repos, caller, project);
      request.log.info(
        { subscriptionId: cancelled.id, userId: caller.id, event: 'subscription_cancelled' },
        'subscription cancelled',
      );
      return subscriptionAnswer(project, cancelled);
    },
  );

  // docs/product.md#pausing-a-plan: staff who manage the sale, and the client's owners and
  // billing people when the plan's package allows it.
  r.post(
    '/api/projects/:id/subscription/pause',
    {
      config: { access: 'client:billing' },
      schema: {
        summary: 'Pause a subscription: no charges until it resumes, on a day or by hand',
        tags,
        params: idParams,
        body: pauseSubscriptionRequest,
        response: { 200: subscriptionSchema, 409: errorResponse },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const project = await findOwnProject(deps, caller, request.params.id);
      const paused = await pauseSubscription(pauseDeps, caller, project, request.body);
      return subscriptionAnswer(project, paused);
    },
  );

  r.post(
    '/api/projects/:id/subscription/resume',
    {
      config: { access: 'client:billing' },
      schema: {
        summary: 'Resume a paused subscription; its next charge moves on by the time paused',
        tags,
        params: idParams,
        response: { 200: subscriptionSchema, 409: errorResponse },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const project = await findOwnProject(deps, caller, request.params.id);
      const resumed = await resumeSubscription(pauseDeps, caller, project);
      return subscriptionAnswer(project, resumed);
    },
  );

  r.get(
    '/api/projects/:id/subscription/plans',
    {
      config: { access: 'client:billing' },
      schema: {
        summary:
          'The packages a subscription may change to, each priced as the change would be now',
        tags,
        params: idParams,
        response: { 200: planChangeOptionsSchema },
      },
    },
    async (request, reply) => {
      const project = await findOwnProject(deps, requireUser(request), request.params.id);
      reply.header('cache-control', 'private, no-store');
      return planChangeOptions(deps, project);
    },
  );

  r.post(
    '/api/projects/:id/subscription/change',
    {
      config: { access: 'client:billing' },
      schema: {
        summary:
          "Change a subscription's package: an upgrade now, with the rest of the period charged; a downgrade at the next renewal",
        tags,
        params: idParams,
        body: changePlanRequest,
        response: {
          200: subscriptionSchema,
          402: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const project = await findOwnProject(deps, caller, request.params.id);
      const changed = await changePlan(deps, caller, project, request.body);
      return subscriptionAnswer(
        { ...project, packageTitle: changed.packageTitle },
        changed.subscription,
      );
    },
  );

  r.post(
    '/api/projects/:id/subscription/change/cancel',
    {
      config: { access: 'client:billing' },
      schema: {
        summary: "Cancel a subscription's change that waits for the next renewal",
        tags,
        params: idParams,
        response: { 200: subscriptionSchema, 409: errorResponse },
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const project = await findOwnProject(deps, caller, request.params.id);
      const subscription = await cancelPlanChange(deps, caller, project);
      return subscriptionAnswer(project, subscription);
    },
  );
}
