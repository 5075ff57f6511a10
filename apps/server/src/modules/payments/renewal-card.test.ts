import { describe, expect, it } from 'vitest';
import type { RenewalCard } from '@noise/shared/payments';
import { createTestApp } from '../../test/app.ts';
import { bearer, createUser } from '../../test/factories.ts';
import {
  coordinator,
  createServiceToOrder,
  orderBody,
  pay,
  sandboxCard,
} from '../../test/order-factories.ts';
import { outboxMail } from '../../test/outbox.ts';
import {
  chargeCard,
  makePastDue,
  moveNextCharge,
  planState,
} from '../../test/subscription-helpers.ts';

const { app, config } = await createTestApp();
const { user: cora } = await coordinator(app);

/** A weekly order whose next period is due now, on a card that is declined from now on. */
async function declinedSubscription() {
  const customer = await createUser(app, { firstName: 'Dee' });
  const fixture = await createServiceToOrder(app, {
    packages: [
      { title: 'Weekly', type: 'weekly', baseCostCents: 20_000, recurringCostCents: 10_000 },
    ],
    extras: [],
  });
  const res = await pay(app, customer.token, orderBody(fixture, { coordinatorId: cora.id }));
  expect(res.statusCode).toBe(200);
  const projectId = res.json<{ projectId: string }>().projectId;
  await chargeCard(app, projectId, sandboxCard('declined'));
  const subscription = await moveNextCharge(app, projectId, new Date(Date.now() - 60_000));
  await app.jobRunner.runDueJobs();
  return { customer, projectId, subscription };
}

/** The card link of the latest declined mail to `email`, as a path and its query. */
async function cardLinkOf(email: string, subject = 'We could not charge') {
  const mail = await outboxMail(app, config.dataDir, email, subject);
  const url = new URL(/https?:\/\/\S+\/renew-card\/\S+/.exec(mail.text ?? '')![0]);
  return {
    id: url.pathname.split('/').pop()!,
    e: Number(url.searchParams.get('e')),
    t: url.searchParams.get('t')!,
  };
}

const view = (id: string, link: { e: number; t: string }) =>
  app.inject({ url: `/api/subscriptions/${id}/renewal-card?e=${link.e}&t=${link.t}` });
const save = (id: string, body: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/subscriptions/${id}/renewal-card`, payload: body });

/** The order's renewal payments, and its subscription as it is now. */
async function renewed(projectId: string) {
  const state = await planState(app, projectId);
  return {
    renewals: state.payments.filter((p) => p.kind === 'renewal'),
    subscription: state.subscription,
  };
}

describe("a declined renewal's card link", () => {
  it('shows the decline and the next try, saves a new card and charges the period once', async () => {
    const { customer, projectId, subscription } = await declinedSubscription();
    const link = await cardLinkOf(customer.user.email);
    expect(link.id).toBe(subscription.id);

    const shown = await view(link.id, link);
    expect(shown.statusCode, shown.body).toBe(200);
    const card = shown.json<RenewalCard>();
    expect(card).toMatchObject({
      serviceTitle: expect.any(String),
      packageTitle: 'Weekly',
      amountCents: 11_000,
      status: 'active',
      declines: 1,
      lastDecline: { reason: 'Your card was declined.', nextTryAt: expect.any(String) },
      card: { last4: '0002' },
    });
    // The customer sees the same on the project, signed in.
    const mine = await app.inject({
      url: `/api/projects/${projectId}/subscription`,
      headers: bearer(customer.token),
    });
    expect(mine.json()).toMatchObject({
      declines: 1,
      lastDecline: { reason: 'Your card was declined.', nextTryAt: card.lastDecline!.nextTryAt },
    });

    // A changed signature, another subscription's id or a lapsed link opens nothing.
    expect((await view(link.id, { ...link, t: `${link.t.slice(0, -2)}xx` })).statusCode).toBe(404);
    expect((await view('no-such-subscription', link)).statusCode).toBe(404);
    expect((await view(link.id, { ...link, e: link.e + 1 })).statusCode).toBe(404);
    const other = await declinedSubscription();
    expect((await view(other.subscription.id, link)).statusCode).toBe(404);

    // A new card: saved, and the period charged at once by its renewal.
    const saved = await save(link.id, { e: link.e, t: link.t, paymentMethodId: sandboxCard() });
    expect(saved.statusCode, saved.body).toBe(202);
    expect(saved.json().message).toBe(
      'Your card ending 4242 is saved. We are charging $110.00 inc. GST to it now; your receipt will follow by email.',
    );
    await app.jobRunner.runDueJobs();
    expect((await renewed(projectId)).renewals).toHaveLength(1);
    const after = await view(link.id, saved.json().link);
    expect(after.json()).toMatchObject({ declines: 0, lastDecline: null, card: { last4: '4242' } });

    // The mailed link is spent; the page's new one has nothing left to charge.
    expect((await view(link.id, link)).statusCode).toBe(404);
    const again = await save(link.id, { ...saved.json().link, paymentMethodId: sandboxCard() });
    expect(again.statusCode).toBe(409);
    await app.jobRunner.runDueJobs();
    expect((await renewed(projectId)).renewals).toHaveLength(1);
  });

  it('starts a past-due subscription again, and a card declined again says so by mail', async () => {
    const { customer, projectId } = await declinedSubscription();
    // After its last try: past due, its renewal stopped for good.
    await makePastDue(app, projectId, config.renewals.maxFailures);
    const link = await cardLinkOf(customer.user.email);

    const refused = await save(link.id, { e: link.e, t: link.t, paymentMethodId: '' });
    expect(refused.statusCode).toBe(400);
    const declinedAgain = await save(link.id, {
      e: link.e,
      t: link.t,
      paymentMethodId: sandboxCard('declined'),
    });
    expect(declinedAgain.statusCode, declinedAgain.body).toBe(202);
    await app.jobRunner.runDueJobs();
    const declined = await renewed(projectId);
    expect(declined.subscription).toMatchObject({ status: 'past_due', nextRetryAt: null });
    expect(declined.renewals).toHaveLength(0);

    // The newest mail's link is for the card just declined, and a good card then pays.
    const next = await cardLinkOf(customer.user.email, 'Action needed');
    const paid = await save(next.id, { e: next.e, t: next.t, paymentMethodId: sandboxCard() });
    expect(paid.statusCode, paid.body).toBe(202);
    await app.jobRunner.runDueJobs();
    const live = await renewed(projectId);
    expect(live.renewals).toHaveLength(1);
    expect(live.subscription).toMatchObject({
      status: 'active',
      failureCount: 0,
      lastFailureAt: null,
    });
  });

  it('charges a declined period at once when the customer replaces the card on Billing', async () => {
    const { customer, projectId } = await declinedSubscription();
    const replaced = await app.inject({
      method: 'PUT',
      url: '/api/users/payment-method',
      headers: bearer(customer.token),
      payload: { paymentMethodId: sandboxCard() },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    await app.jobRunner.runDueJobs();
    const live = await renewed(projectId);
    expect(live.renewals).toHaveLength(1);
    expect(live.subscription).toMatchObject({ failureCount: 0, nextRetryAt: null });
  });
});
