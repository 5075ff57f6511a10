import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  renewalCardSchema,
  saveRenewalCardResponse,
  type RenewalCard,
  type SaveRenewalCardResponse,
} from '@noise/shared/payments';
import { apiRequest } from '@/lib/api-client';
import { withQuery } from '@/lib/api-paths';
import { checkWith } from '@/lib/check-answer';

export type CardLink = { e: number; t: string };

export const renewalCardKey = (id: string) => ['subscriptions', 'renewal-card', id] as const;

/** GET /api/subscriptions/{id}/renewal-card?e=&t=: the subscription as its card link shows it. */
export function getRenewalCard(
  id: string,
  link: CardLink,
  signal?: AbortSignal,
): Promise<RenewalCard> {
  return apiRequest(
    withQuery(`/api/subscriptions/${encodeURIComponent(id)}/renewal-card`, {
      e: String(link.e),
      t: link.t,
    }),
    { signal, check: checkWith(renewalCardSchema) },
  );
}

/**
 * The page's subscription. After a card is saved (`chargingAt`: the decline count then), it is
 * read again every two seconds until the count moves: paid (0) or declined once more.
 */
export function useRenewalCard(id: string, link: CardLink, chargingAt: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...renewalCardKey(id), link.t],
      queryFn: ({ signal }) => getRenewalCard(id, link, signal),
      retry: false,
      // The link changes once a card is saved: the page keeps what it shows meanwhile.
      placeholderData: (previous) => previous,
      refetchInterval: (query) =>
        chargingAt !== null && (query.state.data?.declines ?? chargingAt) === chargingAt
          ? 2000
          : false,
    }),
  );
}

/** POST /api/subscriptions/{id}/renewal-card: saves the card; the period is charged now. */
export function saveRenewalCard(
  id: string,
  body: CardLink & { paymentMethodId: string },
): Promise<SaveRenewalCardResponse> {
  return apiRequest(`/api/subscriptions/${encodeURIComponent(id)}/renewal-card`, {
    method: 'POST',
    body,
    check: checkWith(saveRenewalCardResponse),
  });
}
