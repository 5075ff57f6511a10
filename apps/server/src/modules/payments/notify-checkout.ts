import type { FastifyInstance } from 'fastify';
import { formatMoney, formatMoneyGst } from '@noise/shared/pricing';
import { orderName } from '@noise/shared/project';
import type { Config } from '../../config.ts';
import type { Repositories } from '../../repositories.ts';
import { sendWelcomeOnce } from '../auth/password-reset.ts';
import { invoiceTitle } from '../invoices/render-invoice.ts';

/**
 * What the bells hear from the checkout. The customer already gets the receipt or the declined
 * renewal by email from the checkout itself, so their notifications carry no email copy.
 */
export function checkoutNotifications(app: FastifyInstance, config: Config, repos: Repositories) {
  async function notifyOrder(projectId: string, paymentId: string) {
    // The project and its customer's account in one read: this runs after every order.
    const found = await repos.projects.findWithOwner(projectId);
    if (!found) return;
    const { project, owner } = found;
    // A guest's order waiting for the account's owner: the receipt carries the claim link, and
    // the account hears nothing else until they claim it (docs/decisions/043).
    const held = project.claimTokenHash !== null;
    // A guest's new account has no password yet: its first paid order mails the link to set
    // one, however the payment finished (at once, or after the bank's check); later ones do not.
    if (!held && !owner.passwordHash && !owner.isOAuth) {
      await sendWelcomeOnce({ repos, config, mailer: app.mailer, log: app.log }, owner).catch(
        (err: unknown) => app.log.error({ err, userId: owner.id }, 'welcome mail failed'),
      );
    }
    const customerName =
      `${project.contactFirstName} ${project.contactLastName}`.trim() || project.contactEmail;
    // What was charged, as its payment says (a discount code changes it: order-money.ts).
    const payment = await repos.payments.findPayment(paymentId);
    const paid = formatMoneyGst(
      payment?.amountCents ?? project.oneTimeTotalWithGstCents + project.recurringTotalWithGstCents,
      'inc',
      project.currency,
    );
    const isQuote = project.type !== 'Project';
    // The balance of a quote paid after its deposit: the same project, a payment more.
    const isBalance = payment?.kind === 'balance';
    const staffTitle = isBalance ? 'Balance paid' : isQuote ? 'Quote paid' : 'New order';
    const orderLabel = orderName(project.orderNumber);
    if (!held) {
      await app.notifier.sendQuietlyTo([owner], {
        kind: 'payment',
        title: `Payment received: ${project.serviceTitle} (${orderLabel})`,
        body: `Thank you. We received ${paid} for ${orderLabel}; your ${invoiceTitle(config.abn).toLowerCase()} is in your project.`,
        link: `/dashboard/projects/${project.id}`,
        skipEmail: true,
      });
    }
    await app.notifier.toStaff(
      {
        kind: isQuote ? 'quote-paid' : 'new-order',
        title: `${staffTitle}: ${project.serviceTitle} (${orderLabel}${project.coordinatorId ? '' : ', needs a co-ordinator'})`,
        body:
          `${orderLabel}: ${customerName} paid ${paid} (${isBalance ? 'the balance of the quote' : project.packageTitle || 'custom quote'}).` +
          (project.coordinatorId
            ? ''
            : ' The shop has no co-ordinator to assign it to: please choose one for it.') +
          (held
            ? ' Ordered as a guest with the email of an existing account: waiting for its owner to claim it.'
            : ''),
        link: `/wkm-dashboard/${isQuote ? 'custom-sales' : 'sales'}/edit/${project.id}`,
      },
      project,
    );
  }

  return {
    /**
     * The customer's bell for a refund that went through; its email is the refund mail with the
     * adjustment note (refund-payment.ts), so the bell carries no copy.
     */
    onRefunded(refund: {
      userId: string;
      projectId: string | null;
      orderNumber: number | null;
      amountCents: number;
      currency: string;
      noteNumber: string;
    }) {
      const note = {
        kind: 'payment' as const,
        title: `Refund of ${formatMoney(refund.amountCents, refund.currency)} processed`,
        body: `${refund.orderNumber ? `${orderName(refund.orderNumber)}: ` : ''}it goes back to the card you paid with. Adjustment note ${refund.noteNumber}.`,
        skipEmail: true,
      };
      // The people of the order's company who see its payments (Owner, Billing).
      void (refund.projectId
        ? app.notifier.toCustomer(
            { id: refund.projectId, userId: refund.userId },
            { ...note, link: `/dashboard/projects/${refund.projectId}` },
          )
        : app.notifier.sendQuietly([refund.userId], note));
    },
    /** Starts the order's bells and welcome mail; the checkout's answer does not wait for them. */
    onOrderCompleted({ projectId, paymentId }: { projectId: string; paymentId: string }) {
      void app.afterAnswer.run('order notifications', () => notifyOrder(projectId, paymentId));
    },
    async onRenewalFailed(failure: {
      userId: string;
      projectId: string;
      orderNumber: number;
      serviceTitle: string;
      reason: string;
      pastDue: boolean;
    }) {
      const about = `${failure.serviceTitle} (${orderName(failure.orderNumber)})`;
      await app.notifier.toCustomer(
        { id: failure.projectId, userId: failure.userId },
        {
          kind: 'renewal-failed',
          title: failure.pastDue ? `Subscription past due: ${about}` : `Payment failed: ${about}`,
          body: `${failure.reason} Update your card in your profile.`,
          link: `/dashboard/projects/${failure.projectId}`,
          skipEmail: true,
        },
      );
    },
  };
}
