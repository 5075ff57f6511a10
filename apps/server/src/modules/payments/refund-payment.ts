import type { z } from 'zod';
import { refundReasonLabels } from '@noise/shared/order-money';
import type { Refund, refundPaymentRequest } from '@noise/shared/payments';
import { formatMoney } from '@noise/shared/pricing';
import { orderName } from '@noise/shared/project';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { adjustmentNoteNumberOf, invoiceNumberOf } from '../invoices/load-invoice.ts';
import { enqueueEmail } from '../jobs/email.ts';
import { mailDate } from '../../lib/mail-date.ts';
import type { ProjectRow } from '../projects/repository.ts';
import { cancelSubscription } from './cancel-subscription.ts';
import type { CompletionDeps } from './complete-order.ts';
import {
  ProviderUnavailableError,
  RefundRefusedError,
  type ProviderRefund,
  type ProviderWebhookRefund,
} from './providers/provider.ts';
import { refundProcessed } from '../emails/payments.ts';
import type { RefundRow } from './refund-repository.ts';
import { emitOrderRefunded } from './webhook-events.ts';
import { ACCOUNT_CREDIT } from '@noise/shared/account-credit';

export type RefundInput = z.output<typeof refundPaymentRequest>;

export function toRefundDto(row: RefundRow, createdByName: string): Refund {
  return {
    _id: row.id,
    to: row.provider === ACCOUNT_CREDIT ? 'credit' : 'card',
    amountCents: row.amountCents,
    gstCents: row.gstCents,
    currency: row.currency,
    status: row.status,
    reason: row.reason,
    note: row.note,
    failureMessage: row.failureMessage,
    createdAt: row.createdAt.toISOString(),
    createdByName,
    noteNumber: adjustmentNoteNumberOf(row),
    noteUrl: row.status === 'succeeded' ? `/api/refunds/${row.id}/adjustment-note` : null,
  };
}

/**
 * Tells the customer a refund went through, once (the job's unique key), with its adjustment note
 * attached: the amount, the card it goes back to, and the tax invoice it adjusts.
 */
async function mailRefund(
  deps: Pick<CompletionDeps, 'repos' | 'companyName' | 'publicUrl' | 'timeZone' | 'onRefunded'>,
  refund: RefundRow,
) {
  if (refund.status !== 'succeeded') return;
  const source = await deps.repos.invoices.findRefundSource(refund.id);
  if (!source) return;
  const { payment, project, payer } = source;
  const to = project?.contactEmail || payer?.email;
  if (!to) return;
  const note = adjustmentNoteNumberOf(refund);
  await emitOrderRefunded(
    deps.repos,
    project && payment.projectId ? { ...project, id: payment.projectId } : null,
    refund,
  );
  deps.onRefunded?.({
    userId: payment.userId,
    projectId: payment.projectId,
    orderNumber: project?.orderNumber ?? null,
    amountCents: refund.amountCents,
    currency: refund.currency,
    noteNumber: note,
  });
  await enqueueEmail(
    deps.repos.jobs,
    {
      to,
      ...refundProcessed({
        companyName: deps.companyName,
        publicUrl: deps.publicUrl,
        firstName: project?.contactFirstName || payer?.firstName || '',
        project: project
          ? {
              id: payment.projectId!,
              orderNumber: project.orderNumber,
              serviceTitle: project.serviceTitle,
            }
          : null,
        currency: refund.currency,
        amountCents: refund.amountCents,
        gstCents: refund.gstCents,
        reason: refund.reason,
        note: refund.note,
        refundedOn: mailDate(refund.settledAt ?? refund.createdAt, deps.timeZone),
        ...(refund.provider === ACCOUNT_CREDIT && project?.companyId
          ? {
              credit: {
                balanceCents: (await deps.repos.accountCredit.balanceOf(project.companyId)) ?? 0,
              },
            }
          : {}),
        noteNumber: note,
        invoiceNumber: invoiceNumberOf(payment),
        invoicedOn: mailDate(payment.createdAt, deps.timeZone),
      }),
      adjustmentNoteRefundId: refund.id,
    },
    `refund-note:${refund.id}`,
  );
}

/**
 * Staff refund part or all of one of a project's payments (docs/product.md#refunds): the refund
 * is reserved as pending under the payment's lock (so refunds never exceed it, and the same key
 * answers the same refund), then made through the provider with that key. The provider's
 * refusal fails it with the provider's reason; no answer (a timeout) leaves it pending for
 * `settlePendingRefunds`. Who refunded what and why goes to the audit log.
 */
export async function refundPayment(
  deps: CompletionDeps,
  caller: AuthUser,
  project: ProjectRow,
  paymentId: string,
  input: RefundInput,
): Promise<Refund> {
  const payment = await deps.repos.payments.findPayment(paymentId);
  if (!payment || payment.projectId !== project.id) throw notFound('Payment not found');
  const refunds = deps.repos.refunds;
  const toCredit = input.to === 'credit';
  if (toCredit && !project.companyId) {
    throw new AppError(
      'validation_error',
      400,
      'to: This order has no client company to hold account credit; refund it to the card.',
    );
  }
  const reserved = await refunds.reserve(
    {
      paymentId: payment.id,
      idempotencyKey: input.idempotencyKey,
      amountCents: input.amount,
      reason: input.reason,
      note: input.note,
      createdById: caller.id,
    },
    toCredit ? { companyId: project.companyId! } : undefined,
  );
  if ('refused' in reserved) {
    if (reserved.refused === 'no_payment') throw notFound('Payment not found');
    if (reserved.refused === 'not_paid') {
      throw badRequest('Only a payment that went through can be refunded.');
    }
    if (reserved.refused === 'credit_part') {
      throw new AppError(
        'validation_error',
        400,
        reserved.cardLeftCents === 0
          ? 'to: Account credit paid this, so it can only go back as account credit.'
          : `amount: At most ${formatMoney(reserved.cardLeftCents, payment.currency)} can go back to the card; account credit paid the rest, which can go back as account credit.`,
      );
    }
    throw new AppError(
      'validation_error',
      400,
      reserved.leftCents === 0
        ? 'amount: This payment has been refunded in full.'
        : `amount: The refund can be at most ${formatMoney(reserved.leftCents, payment.currency)}, what is left of this payment.`,
    );
  }
  const actorName = await deps.repos.users.actorName(caller.id);
  // A repeated click answers the refund its key made, as it stands now.
  if (reserved.earlier) return toRefundDto(reserved.refund, actorName);

  // Account credit is ours to give: that refund went through with its credit entry.
  const refund =
    reserved.refund.provider === ACCOUNT_CREDIT
      ? reserved.refund
      : await refundThroughProvider(deps, reserved.refund, payment, project.id);
  await mailRefund(deps, refund);

  await deps.repos.audit.record({
    actorId: caller.id,
    ip: caller.ip,
    apiKey: caller.apiKey,
    actorName,
    action: 'payment.refunded',
    entityType: 'project',
    entityId: project.id,
    subjectUserId: project.userId,
    summary:
      `${formatMoney(refund.amountCents, refund.currency)} of ${orderName(project.orderNumber)}'s ` +
      `${formatMoney(payment.amountCents, payment.currency)} payment refunded` +
      `${refund.provider === ACCOUNT_CREDIT ? ' as account credit' : ''} ` +
      `(${refundReasonLabels[refund.reason]}${refund.note ? `: ${refund.note}` : ''})` +
      (refund.status === 'pending' ? ', waiting on the payment provider' : ''),
    data: { paymentId: payment.id, refundId: refund.id, amountCents: refund.amountCents },
  });
  if (input.cancelSubscription) await cancelSubscription(deps.repos, caller, project);
  return toRefundDto(refund, actorName);
}

/**
 * Asks the provider to make a reserved refund. Its refusal fails the refund and answers 402; no
 * answer leaves it pending for `settlePendingRefunds`.
 */
async function refundThroughProvider(
  deps: CompletionDeps,
  reserved: RefundRow,
  payment: { id: string; transactionId: string },
  projectId: string,
): Promise<RefundRow> {
  try {
    const answer = await deps.provider.refundPayment({
      paymentId: payment.transactionId,
      amountCents: reserved.amountCents,
      idempotencyKey: `refund:${reserved.idempotencyKey}`,
      metadata: { refundId: reserved.id, paymentId: payment.id, projectId },
    });
    return (await settle(deps, reserved, answer)) ?? reserved;
  } catch (error) {
    if (error instanceof RefundRefusedError) {
      await deps.repos.refunds.settle(reserved.id, {
        status: 'failed',
        failureMessage: error.message,
      });
      throw new AppError(
        'refund_refused',
        402,
        `The payment provider refused the refund: ${error.message}`,
      );
    }
    if (!(error instanceof ProviderUnavailableError)) throw error;
    deps.log.warn(
      { refundId: reserved.id, err: error },
      'refund left pending: provider unreachable',
    );
    return reserved;
  }
}

/** Records the provider's answer on a pending refund; undefined when settled meanwhile. */
async function settle(
  deps: Pick<CompletionDeps, 'repos'>,
  refund: RefundRow,
  answer: ProviderRefund,
) {
  return deps.repos.refunds.settle(refund.id, {
    status: answer.status,
    providerRefundId: answer.id,
    failureMessage: answer.failureMessage,
  });
}

/**
 * Asks the provider again about refunds left pending (a timeout, or a refund the bank has not
 * settled), with each refund's own key, so the provider answers the refund it made, or makes it
 * once. The money lane's `settle-refunds` sweep runs it (`paymentJobs`).
 */
export async function settlePendingRefunds(
  deps: Pick<
    CompletionDeps,
    'repos' | 'provider' | 'log' | 'companyName' | 'publicUrl' | 'timeZone' | 'onRefunded'
  >,
  now = new Date(),
): Promise<number> {
  const repository = deps.repos.refunds;
  const pending = await repository.listPending(new Date(now.getTime() - 60_000));
  let settled = 0;
  for (const refund of pending) {
    const payment = await deps.repos.payments.findPayment(refund.paymentId);
    if (!payment) continue;
    try {
      const answer = await deps.provider.refundPayment({
        paymentId: payment.transactionId,
        amountCents: refund.amountCents,
        idempotencyKey: `refund:${refund.idempotencyKey}`,
        metadata: { refundId: refund.id, paymentId: payment.id },
      });
      if (answer.status === 'pending') continue;
      const row = await settle(deps, refund, answer);
      if (!row) continue;
      settled++;
      await mailRefund(deps, row);
    } catch (error) {
      if (error instanceof RefundRefusedError) {
        await repository.settle(refund.id, { status: 'failed', failureMessage: error.message });
        settled++;
      } else {
        deps.log.warn({ refundId: refund.id, err: error }, 'pending refund still unanswered');
      }
    }
  }
  return settled;
}

/**
 * A refund the provider's webhook tells of. Ours (its metadata or its provider id names it) is
 * settled if still pending; one made in the provider's own dashboard is recorded once against
 * the payment it refunds, with the audit log saying so and the customer mailed its note. A
 * refund of a payment we never recorded is only logged.
 */
export async function recordProviderRefund(
  deps: Pick<
    CompletionDeps,
    'repos' | 'provider' | 'log' | 'companyName' | 'publicUrl' | 'timeZone' | 'onRefunded'
  >,
  answer: ProviderWebhookRefund,
): Promise<void> {
  const repository = deps.repos.refunds;
  const ours =
    (answer.metadata.refundId && (await repository.find(answer.metadata.refundId))) ||
    (await repository.findByProviderRefund(deps.provider.name, answer.id));
  if (ours) {
    if (ours.status !== 'pending' || answer.status === 'pending') return;
    const row = await settle(deps, ours, answer);
    if (row) await mailRefund(deps, row);
    return;
  }
  const payment = await deps.repos.payments.findPaymentByTransaction(
    deps.provider.name,
    answer.paymentId,
  );
  if (!payment) {
    deps.log.warn({ refundId: answer.id }, 'a refund of a payment that was never recorded');
    return;
  }
  const row = await repository.recordFromProvider({
    paymentId: payment.id,
    providerRefundId: answer.id,
    idempotencyKey: `provider:${deps.provider.name}:${answer.id}`,
    amountCents: answer.amountCents,
    status: answer.status,
    reason: answer.reason ?? 'other',
    note: 'Refunded in the payment provider’s dashboard',
  });
  if (!row) return;
  await deps.repos.audit.record({
    actorId: null,
    ip: '',
    apiKey: null,
    actorName: 'Payment provider',
    action: 'payment.refunded',
    entityType: 'project',
    entityId: payment.projectId ?? payment.id,
    subjectUserId: payment.userId,
    summary: `${formatMoney(row.amountCents, row.currency)} of a ${formatMoney(payment.amountCents, payment.currency)} payment refunded in the payment provider’s dashboard`,
    data: { paymentId: payment.id, refundId: row.id, amountCents: row.amountCents },
  });
  await mailRefund(deps, row);
}
