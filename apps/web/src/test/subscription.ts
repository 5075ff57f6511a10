import type { Subscription } from '@noise/shared/payments';

/** A monthly plan as GET …/subscription answers it: active, nothing waiting; tests override. */
export function subscriptionOf(over: Partial<Subscription> = {}): Subscription {
  return {
    _id: 'sub-1',
    projectId: 'project-1',
    packageTitle: 'Starter',
    status: 'active',
    interval: 'monthly',
    amountCents: 11_000,
    currency: 'AUD',
    nextChargeAt: '2026-12-10T03:00:00.000Z',
    cancelledAt: null,
    pausedAt: null,
    pausedUntil: null,
    clientsMayPause: false,
    declines: 0,
    lastDecline: null,
    pendingChange: null,
    ...over,
  };
}
