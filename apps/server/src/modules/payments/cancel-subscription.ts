import { intervalTerms } from '@noise/shared/intervals';
import { orderName } from '@noise/shared/project';
import { formatMoney } from '@noise/shared/pricing';
import { notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { ProjectRow } from '../projects/repository.ts';
import type { Repositories } from '../../repositories.ts';
import type { SubscriptionRow } from './repository.ts';
import { emitSubscriptionEvent } from './webhook-events.ts';

/**
 * Cancels a project's subscription, by its customer or by staff, and records who did in the
 * audit log in the same transaction. Cancelling one already cancelled changes nothing and
 * answers it as it is.
 */
export async function cancelSubscription(
  repos: Repositories,
  caller: AuthUser,
  project: ProjectRow,
): Promise<SubscriptionRow> {
  const subscription = await repos.payments.findSubscriptionOfProject(project.id);
  if (!subscription) throw notFound('This project has no subscription');
  const actorName = await repos.users.actorName(caller.id);
  return repos.transaction(async (r) => {
    const cancelled = await r.payments.cancelSubscription(subscription.id, caller.id);
    if (!cancelled) return subscription;
    const by = caller.id === project.userId ? 'the customer' : actorName;
    await r.audit.record({
      actorId: caller.id,
      ip: caller.ip,
      apiKey: caller.apiKey,
      actorName,
      action: 'subscription.cancelled',
      entityType: 'project',
      entityId: project.id,
      subjectUserId: project.userId,
      summary:
        `${intervalTerms(subscription.interval).label} subscription of ` +
        `${orderName(project.orderNumber)} (${formatMoney(subscription.amountCents, subscription.currency)}) cancelled by ${by}`,
      data: { from: subscription.status, to: cancelled.status },
    });
    await emitSubscriptionEvent(r, 'subscription.canceled', project, cancelled, {
      canceledBy: caller.id === project.userId ? 'customer' : 'staff',
    });
    return cancelled;
  });
}
