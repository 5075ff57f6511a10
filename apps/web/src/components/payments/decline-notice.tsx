import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import type { Subscription } from '@noise/shared/payments';
import { formatDate } from '@/lib/format';

/**
 * A subscription's declined renewal, as the client sees it on the project and on Billing
 * (docs/product.md#a-new-card-for-a-declined-renewal): when and why, the next try or that there
 * is none, and where to give a new card (charged at once).
 */
export function DeclineNotice({
  subscription,
  cardHref,
}: {
  subscription: Pick<Subscription, 'declines' | 'lastDecline'>;
  /**
   * Where the client's card form is (Billing's own section, or Billing from elsewhere); none for
   * staff, who are told the tries only.
   */
  cardHref?: string;
}) {
  const decline = subscription.lastDecline;
  if (!decline) return null;
  return (
    <div
      role="status"
      className="mt-3 flex gap-3 rounded-xl bg-danger-soft px-4 py-3 text-left text-sm text-danger"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold">
          {decline.at ? `Card declined on ${formatDate(decline.at)}: ` : 'Card declined: '}
          {decline.reason}
        </p>
        <p className="mt-1">
          {decline.nextTryAt
            ? `Tries so far: ${subscription.declines}. Next try ${formatDate(decline.nextTryAt)}.`
            : `No more tries after ${subscription.declines}: payment is overdue.`}
          {cardHref ? (
            <>
              {' '}
              <Link to={cardHref} className="font-semibold underline">
                Update your card
              </Link>{' '}
              and we charge it at once.
            </>
          ) : null}
        </p>
      </div>
    </div>
  );
}
