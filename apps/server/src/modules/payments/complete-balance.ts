import type { Repositories } from '../../repositories.ts';
import { enqueueEmail } from '../jobs/email.ts';
import { invoiceTitle } from '../invoices/render-invoice.ts';
import type { CompletionDeps } from './complete-order.ts';
import { balanceReceipt } from '../emails/payments.ts';
import type { ProviderPayment } from './providers/provider.ts';
import type { AttemptRow } from './repository.ts';
import { emitOrderPaid } from './webhook-events.ts';

/**
 * Records the balance of a quote paid after its deposit (docs/decisions/070-quote-deposits.md),
 * inside the checkout's transaction with the attempt locked: a payment of kind 'balance' on the
 * project the deposit made, the quote marked paid, and the receipt with its tax invoice queued.
 * Nothing of the project or the account changes. `repos` are bound to that transaction.
 */
export async function recordBalance(
  repos: Repositories,
  deps: Pick<CompletionDeps, 'companyName' | 'publicUrl' | 'abn'>,
  attempt: AttemptRow,
  payment: ProviderPayment,
): Promise<AttemptRow> {
  const order = attempt.order;
  if (order.quotePart?.kind !== 'balance') throw new Error(`Attempt ${attempt.id} is no balance`);
  const project = await repos.projects.findById(order.quotePart.projectId);
  if (!project) throw new Error(`No project ${order.quotePart.projectId} for a quote balance`);
  const repo = repos.payments;
  const paymentRow = await repo.insertAttemptPayment(attempt, payment.id, {
    projectId: project.id,
    kind: 'balance',
    subscriptionId: null,
  });
  await repos.orderSources.markQuotePaid(order.quoteId!);
  await emitOrderPaid(repos, project, paymentRow, true);
  const updated = await repo.updateAttempt(attempt.id, {
    state: 'succeeded',
    providerCustomerId: attempt.providerCustomerId ?? payment.customerId,
    providerPaymentId: payment.id,
    projectId: project.id,
    paymentId: paymentRow.id,
    failureMessage: null,
    lockedUntil: null,
  });

  await enqueueEmail(
    repos.jobs,
    {
      to: project.contactEmail || order.contact.emailAddress,
      ...balanceReceipt({
        companyName: deps.companyName,
        publicUrl: deps.publicUrl,
        documentName: invoiceTitle(deps.abn ?? '').toLowerCase(),
        orderNumber: project.orderNumber,
        projectId: project.id,
        firstName: project.contactFirstName,
        quoteName: order.service.title,
        currency: attempt.currency,
        amountCents: attempt.amountCents,
        gstCents: attempt.gstCents,
      }),
      invoicePaymentId: paymentRow.id,
    },
    `receipt:${paymentRow.id}`,
  );
  return updated!;
}
