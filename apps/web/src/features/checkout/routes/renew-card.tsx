import { AlertTriangle, CircleCheck, CreditCard, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { RenewalCard } from '@noise/shared/payments';
import { formatMoneyGst } from '@noise/shared/pricing';
import { orderName } from '@noise/shared/project';
import type { CardHandle } from '@/components/payments/card-entry';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, isNotFound } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { usePageMeta } from '@/lib/use-page-meta';
import { saveRenewalCard, useRenewalCard, type CardLink } from '../api/renewal-card';
import { CardPanel } from '../components/card-panel';
import { CheckoutLoadFailed } from '../components/checkout-page';

function linkOf(search: string): CardLink {
  const query = new URLSearchParams(search);
  return { e: Number(query.get('e') ?? 0), t: query.get('t') ?? '' };
}

function Panel({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div role="status" className="rounded-card border-2 border-ink bg-paper p-6 sm:p-8">
      {icon}
      <h2 className="mt-3 text-2xl font-extrabold">{title}</h2>
      <div className="mt-2 text-muted">{children}</div>
    </div>
  );
}

/** What the subscription charges, and where its tries stand. */
function Summary({ card }: { card: RenewalCard }) {
  const amount = formatMoneyGst(card.amountCents, 'inc', card.currency);
  const decline = card.lastDecline;
  return (
    <article className="min-w-0 self-start rounded-card border-2 border-ink bg-paper p-6 sm:p-8">
      <p className="text-sm text-muted">{orderName(card.orderNumber)}</p>
      <h2 className="mt-1 text-2xl font-extrabold break-words">
        {card.serviceTitle} ({card.packageTitle})
      </h2>
      <dl className="mt-5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">Due</dt>
        <dd className="font-semibold tabular-nums">{amount}</dd>
        <dt className="text-muted">For the period from</dt>
        <dd className="font-semibold">{formatDate(card.periodFrom)}</dd>
        <dt className="text-muted">Card on file</dt>
        <dd className="font-semibold tabular-nums">
          {card.card ? `**** ${card.card.last4}` : 'None'}
        </dd>
      </dl>
      {decline ? (
        <div className="mt-6 flex gap-3 rounded-xl bg-danger-soft px-4 py-3 text-sm text-danger">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div className="min-w-0">
            <p className="font-semibold">
              {decline.at
                ? `We could not charge your card on ${formatDate(decline.at)}: ${decline.reason}`
                : `We could not charge your card: ${decline.reason}`}
            </p>
            <p className="mt-1">
              {decline.nextTryAt
                ? `Tries so far: ${card.declines}. We will try again on ${formatDate(decline.nextTryAt)}, or at once with a new card.`
                : `After ${card.declines} tries the subscription is past due: give a new card to pay now.`}
            </p>
          </div>
        </div>
      ) : null}
    </article>
  );
}

/** The card form: the new card is saved, then the period is charged to it. */
function NewCard({
  card,
  subscriptionId,
  link,
  onSaved,
}: {
  card: RenewalCard;
  subscriptionId: string;
  link: CardLink;
  onSaved: (message: string, next: CardLink) => void;
}) {
  const [entry, setEntry] = useState<CardHandle | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const amount = formatMoneyGst(card.amountCents, 'inc', card.currency);

  async function save() {
    if (!entry) return;
    setBusy(true);
    setFailure(null);
    try {
      const method = await entry.createPaymentMethod();
      if ('error' in method) return setFailure(method.error);
      const answer = await saveRenewalCard(subscriptionId, {
        ...link,
        paymentMethodId: method.paymentMethodId,
      });
      onSaved(answer.message, answer.link);
    } catch (error) {
      setFailure(errorMessage(error, 'Your card could not be saved.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <CardPanel
      id="new-card"
      title="A new card"
      intro="It becomes your card on file for this and your other subscriptions."
      busy={busy}
      ready={entry !== null}
      failure={failure}
      action={`Save card and pay ${amount}`}
      onCard={setEntry}
      onAction={() => void save()}
    />
  );
}

/**
 * /renew-card/{id}?e=&t=: the page a declined renewal's email links to
 * (docs/product.md#a-new-card-for-a-declined-renewal). The subscription and its declines, then a
 * card form; no sign-in, as the link's signature opens it. Once a card is saved the page follows
 * the charge until it is paid or declined.
 */
export function RenewCardRoute() {
  const { subscriptionId = '' } = useParams();
  const location = useLocation();
  const [link, setLink] = useState(() => linkOf(location.search));
  // After a save: the message, and the decline count the charge will move.
  const [saved, setSaved] = useState<{ message: string; declines: number } | null>(null);
  const view = useRenewalCard(subscriptionId, link, saved?.declines ?? null);
  usePageMeta('Update your card', undefined, { noindex: true });
  const card = view.data;
  // The charge is under way until the decline count moves (or the new link's first read fails).
  const charging = saved !== null && card?.declines === saved.declines;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <h1 className="flex items-center gap-3 text-4xl font-extrabold sm:text-5xl">
        <CreditCard aria-hidden="true" className="size-9 shrink-0 text-muted" />
        Update your card
      </h1>
      {view.isPending ? (
        <div className="mt-8">
          <Spinner label="Loading your subscription" />
        </div>
      ) : view.isError ? (
        isNotFound(view.error) ? (
          <div role="alert" className="mt-8 rounded-card border-2 border-ink bg-paper p-8">
            <p className="text-lg font-semibold">{view.error.message}</p>
            <Link
              to="/dashboard/billing"
              className="mt-4 inline-block font-semibold text-accent-strong underline"
            >
              Open Billing
            </Link>
          </div>
        ) : (
          <CheckoutLoadFailed
            message={errorMessage(view.error, 'Your subscription could not be loaded.')}
            onRetry={() => void view.refetch()}
          />
        )
      ) : card ? (
        <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[1.25fr_1fr] lg:gap-12">
          <Summary card={card} />
          {card.status === 'cancelled' ? (
            <Panel
              icon={<XCircle aria-hidden="true" className="size-10 text-muted" />}
              title="This subscription is cancelled"
            >
              There is nothing to pay.
            </Panel>
          ) : charging ? (
            <Panel icon={<Spinner label="Charging your card" />} title="Charging your new card">
              {saved?.message}
            </Panel>
          ) : card.declines === 0 ? (
            <Panel
              icon={<CircleCheck aria-hidden="true" className="size-10 text-success" />}
              title="Paid — thank you"
            >
              Nothing is due: the last charge went through. Your receipt and tax invoice are on
              their way by email.
            </Panel>
          ) : (
            <NewCard
              card={card}
              subscriptionId={subscriptionId}
              link={link}
              onSaved={(message, next) => {
                setSaved({ message, declines: card.declines });
                setLink(next);
                // The mailed link is spent: the address keeps the one for the new card.
                window.history.replaceState(
                  window.history.state,
                  '',
                  `${location.pathname}?e=${next.e}&t=${encodeURIComponent(next.t)}`,
                );
              }}
            />
          )}
        </div>
      ) : null}
    </div>
  );
}
