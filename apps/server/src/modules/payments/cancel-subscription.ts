import { orderName } from '@noise/shared/project';
import { formatMoney } from '@noise/shared/pricing';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { createAuditRepository } from '../audit/repository.ts';
import type { ProjectRow } from '../projects/repository.ts';
import { createUserRepository } from '../users/repository.ts';
import { createPaymentRepository, type SubscriptionRow } from './repository.ts';
import { emitSubscriptionEvent } from './webhook-events.ts';

/**
 * Cancels a project's subscription, by its customer or by staff, and records who did in the
 * audit log in the same transaction. Cancelling one already cancelled changes nothing and
 * answers it as it is.
 */
export async function cancelSubscription(
  db: Db,
  caller: AuthUser,
  project: ProjectRow,
): Promise<SubscriptionRow> {
  const subscription = await createPaymentRepository(db).findSubscriptionOfProject(project.id);
  if (!subscription) throw notFound('This project has no subscription');
  const actorName = await createUserRepository(db).actorName(caller.id);
  return db.transaction(async (tx) => {
    const cancelled = await createPaymentRepository(tx).cancelSubscription(
      subscription.id,
      caller.id,
    );
    if (!cancelled) return subscription;
    const by = caller.id === project.userId ? 'the customer' : actorName;
    await createAuditRepository(tx).record({
      actorId: caller.id,
      ip: caller.ip,
      apiKey: caller.apiKey,
      actorName,
      action: 'subscription.cancelled',
      entityType: 'project',
      entityId: project.id,
      subjectUserId: project.userId,
      summary:
        `${subscription.interval === 'weekly' ? 'Weekly' : 'Monthly'} subscription of ` +
        `${orderName(project.orderNumber)} (${formatMoney(subscription.amountCents, subscription.currency)}) cancelled by ${by}`,
      data: { from: subscription.status, to: cancelled.status },
    });
    await emitSubscriptionEvent(tx, 'subscription.canceled', project, cancelled, {
      canceledBy: caller.id === project.userId ? 'customer' : 'staff',
    });
    return cancelled;
  });
}
