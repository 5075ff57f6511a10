import { termsOfType } from '@noise/shared/intervals';
import { invoiceTitle } from '../invoices/render-invoice.ts';
import type { FastifyBaseLogger } from 'fastify';
import { isRecurring } from '@noise/shared/pricing';
import type { Repositories } from '../../repositories.ts';
import type { AfterAnswer } from '../../lib/after-answer.ts';
import { addInterval } from '../../lib/intervals.ts';
import { hashSecret, newSecret } from '../../lib/secrets.ts';
import { enqueueEmail } from '../jobs/email.ts';
import type { PaymentProvider, ProviderPayment } from './providers/provider.ts';
import { recordBalance } from './complete-balance.ts';
import { recordBillPayment } from './complete-bill.ts';
import { orderReceipt } from '../emails/payments.ts';
import type { AttemptRow } from './repository.ts';
import { emitOrderPaid } from './webhook-events.ts';

export interface CompletionDeps {
  repos: Repositories;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  companyName: string;
  publicUrl: string;
  /** BUSINESS_TIMEZONE: the dates mails give (Australia/Sydney when unset). */
  timeZone?: string;
  /** The seller's ABN: without one, the receipt's document is an 'invoice', not a tax invoice. */
  abn?: string;
  /**
   * Told once per new project, after its transaction committed (notifications). It must not
   * make the checkout wait: it starts its work with `afterAnswer`.
   */
  onOrderCompleted?: (order: { projectId: string; paymentId: string }) => void;
  /** Told once per refund that went through (the customer's bell); must not wait either. */
  onRefunded?: (refund: {
    userId: string;
    projectId: string | null;
    orderNumber: number | null;
    amountCents: number;
    currency: string;
    noteNumber: string;
  }) => void;
  /** Runs what the answer need not wait for (the provider's default card); shutdown waits. */
  afterAnswer: AfterAnswer;
}

/**
 * Records a succeeded charge and turns the order into a project, in one transaction: the
 * project with the order copied as it was, its payment, the subscription of a recurring
 * package, the quote marked paid, empty profile fields filled and the receipt mail queued. The
 * attempt row is locked first, so the browser, a retry and the webhook completing at once make
 * one project.
 */
export async function completeOrder(
  deps: CompletionDeps,
  attemptId: string,
  payment: ProviderPayment,
): Promise<AttemptRow> {
  if (payment.status !== 'succeeded') throw new Error('completeOrder needs a succeeded payment');
  const done = await deps.repos.transaction(async (r) => {
    const repo = r.payments;
    const attempt = await repo.findAttempt(attemptId, { forUpdate: true });
    if (!attempt) throw new Error(`No payment attempt ${attemptId}`);
    if (attempt.state === 'succeeded') return { attempt, created: false };
    if (
      // The card paid what account credit did not (docs/decisions/107).
      payment.amountCents + attempt.creditCents !== attempt.amountCents ||
      payment.currency.toUpperCase() !== attempt.currency
    ) {
      // Never fulfil a charge for another amount than the order's; staff must look at it.
      throw new Error(
        `Payment ${payment.id} is ${payment.amountCents} ${payment.currency}, the order ${attempt.amountCents} ${attempt.currency}`,
      );
    }

    const order = attempt.order;
    if (order.bill) {
      return { attempt: await recordBillPayment(r, deps, attempt, payment), created: false };
    }
    if (order.quotePart?.kind === 'balance') {
      return { attempt: await recordBalance(r, deps, attempt, payment), created: true };
    }
    const customerId = attempt.providerCustomerId ?? payment.customerId;
    const paymentMethodId = payment.paymentMethodId ?? attempt.paymentMethodId;
    // A guest's order for an existing account waits for its owner (docs/decisions/043): the
    // link that claims it goes to the account's own address, never to one the guest typed.
    const owner = attempt.heldForOwner ? await r.users.findById(attempt.userId) : undefined;
    const claimToken = owner ? newSecret() : null;

    const projectRepo = r.projects;
    // 'Assign one for me': picked now, from the co-ordinators' load at this moment; none at all
    // leaves the project waiting for staff to assign one (the overview lists it).
    const coordinatorId = order.coordinatorId ?? (await projectRepo.pickCoordinator()) ?? null;
    const deliveryDays = await projectRepo.deliveryDaysFor(order.serviceId, order.quoteId);
    const project = await projectRepo.insert(
      {
        type: order.projectType,
        userId: attempt.userId,
        serviceId: order.serviceId,
        quoteId: order.quoteId,
        coordinatorId,
        deliveryDays,
        status: 'active',
        serviceTitle: order.service.title,
        serviceDescription: order.service.description,
        serviceFeaturePhotoUrl: order.service.featurePhoto,
        packageTitle: order.package.title,
        packageType: order.package.type,
        packagePriceSuffix: order.package.priceSuffix,
        packageFeatures: order.package.features,
        packageBaseCostCents: order.package.baseCostCents,
        packageRecurringCostCents: order.package.recurringCostCents,
        packageActiveRequestLimit: order.package.activeRequestLimit ?? null,
        packageRequestsPerPeriod: order.package.requestsPerPeriod ?? null,
        totalPriceCents: order.totalPriceCents,
        oneTimeTotalWithGstCents: order.oneTimeTotalWithGstCents,
        recurringTotalWithGstCents: order.recurringTotalWithGstCents,
        depositWithGstCents:
          order.quotePart?.kind === 'deposit' ? order.quotePart.depositWithGstCents : null,
        currency: attempt.currency,
        contactFirstName: order.contact.firstName,
        contactLastName: order.contact.lastName,
        contactCompanyName: order.contact.companyName,
        contactNumber: order.contact.contactNumber,
        contactEmail: order.contact.emailAddress,
        claimTokenHash: claimToken ? hashSecret(claimToken) : null,
      },
      order.extras,
    );

    let subscriptionId: string | null = null;
    if (isRecurring(order.package.type) && order.recurringTotalWithGstCents > 0) {
      const interval = order.package.type;
      // A code taken off every renewal lowers each one before GST (decision 069).
      const recurringBeforeGst =
        order.package.recurringCostCents - (order.discount?.recurringDiscountCents ?? 0);
      const recurringGst = order.recurringTotalWithGstCents - recurringBeforeGst;
      const subscription = await repo.insertSubscription({
        projectId: project.id,
        userId: attempt.userId,
        provider: attempt.provider,
        providerCustomerId: customerId ?? '',
        paymentMethodId,
        amountCents: order.recurringTotalWithGstCents,
        gstCents: recurringGst,
        currency: attempt.currency,
        interval,
        // The first period was paid with the order.
        nextChargeAt: addInterval(project.startDate, interval),
      });
      subscriptionId = subscription.id;
    }

    const paymentRow = await repo.insertAttemptPayment(attempt, payment.id, {
      projectId: project.id,
      kind: 'order',
      subscriptionId,
    });

    if (order.quoteId) {
      const sources = r.orderSources;
      // A deposit starts the project; the quote is paid once its balance is.
      if (order.quotePart?.kind === 'deposit') await sources.markDepositPaid(order.quoteId);
      else await sources.markQuotePaid(order.quoteId);
    }
    await emitOrderPaid(r, project, paymentRow, order.quotePart?.kind !== 'deposit');

    // A held order changes nothing of the account: not its profile, not its card.
    if (!attempt.heldForOwner) {
      const recorded = await r.users.recordOrder(attempt.userId, {
        companyName: order.fillProfile.companyName ?? '',
        contactNumber: order.fillProfile.contactNumber ?? '',
        paymentCustomerId: customerId,
        defaultPaymentMethodId: paymentMethodId,
      });
      if (!recorded) throw new Error(`No user ${attempt.userId}`);
    }

    const updated = await repo.updateAttempt(attempt.id, {
      state: 'succeeded',
      providerCustomerId: customerId,
      providerPaymentId: payment.id,
      projectId: project.id,
      paymentId: paymentRow.id,
      failureMessage: null,
      lockedUntil: null,
    });

    await enqueueEmail(
      r.jobs,
      {
        to: owner ? owner.email : order.contact.emailAddress,
        ...orderReceipt({
          companyName: deps.companyName,
          publicUrl: deps.publicUrl,
          documentName: invoiceTitle(deps.abn ?? '').toLowerCase(),
          orderNumber: project.orderNumber,
          projectId: project.id,
          firstName: order.contact.firstName,
          serviceTitle: order.service.title,
          packageTitle: order.package.title,
          currency: attempt.currency,
          amountCents: attempt.amountCents,
          gstCents: attempt.gstCents,
          balanceCents:
            order.quotePart?.kind === 'deposit'
              ? order.oneTimeTotalWithGstCents - attempt.amountCents
              : null,
          recurring: subscriptionId
            ? {
                amountCents: order.recurringTotalWithGstCents,
                period: termsOfType(order.package.type).period,
              }
            : null,
          claimUrl: claimToken
            ? `${deps.publicUrl}/claim-order?token=${encodeURIComponent(claimToken)}`
            : null,
        }),
        invoicePaymentId: paymentRow.id,
      },
      `receipt:${paymentRow.id}`,
    );
    return { attempt: updated!, created: true };
  });

  if (done.created) {
    deps.log.info(
      { attemptId, projectId: done.attempt.projectId, paymentId: done.attempt.paymentId },
      'order paid; project created',
    );
    deps.onOrderCompleted?.({
      projectId: done.attempt.projectId!,
      paymentId: done.attempt.paymentId!,
    });
    // The card becomes the customer's default for renewals at the provider too (our own record
    // already says so); the charge has been recorded, so a failure here is only logged.
    const { providerCustomerId } = done.attempt;
    if (providerCustomerId && payment.paymentMethodId) {
      const paymentMethodId = payment.paymentMethodId;
      void deps.afterAnswer.run('saving the default card', () =>
        deps.provider.setDefaultPaymentMethod(providerCustomerId, paymentMethodId),
      );
    }
  }
  return done.attempt;
}
