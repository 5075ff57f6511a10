import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardEntry, type CardHandle } from '@/components/payments/card-entry';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { usePaymentConfig } from '@/lib/payment-config';

/**
 * A dark panel with the checkout's card form, its failure and one button: paying an invoice by
 * its link, and giving a new card for a declined renewal. The caller owns what the button does.
 */
export function CardPanel({
  id,
  title,
  intro,
  busy,
  ready,
  failure,
  action,
  onCard,
  onAction,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  busy: boolean;
  /** A card the provider can take is entered. */
  ready: boolean;
  failure: string | null;
  /** The button's words; 'Processing...' while busy. */
  action: string;
  onCard: (card: CardHandle | null) => void;
  onAction: () => void;
  /** What goes with the form: the bank's check dialog. */
  children?: ReactNode;
}) {
  const config = usePaymentConfig();
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 self-start rounded-card bg-ink p-6 text-paper sm:p-8"
    >
      <h2 id={id} className="flex items-center gap-2 text-2xl font-extrabold">
        {title}
        <Lock aria-hidden="true" className="size-5 opacity-70" />
      </h2>
      {intro ? <p className="mt-2 text-sm text-paper/80">{intro}</p> : null}
      <div className="mt-5 rounded-2xl bg-paper p-4 text-ink">
        {config.data ? (
          <CardEntry config={config.data} disabled={busy} onChange={onCard} />
        ) : config.isError ? (
          <p role="alert" className="text-danger">
            The card form could not load: {errorMessage(config.error)}
          </p>
        ) : (
          <Spinner label="Loading the card form" />
        )}
      </div>
      {failure ? (
        <p
          role="alert"
          className="mt-5 rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger"
        >
          {failure}
        </p>
      ) : null}
      <Button
        type="button"
        size="lg"
        // Two lines on a phone rather than past the button's edge.
        className="mt-6 h-auto min-h-14 w-full py-3 whitespace-normal"
        disabled={busy || !ready}
        onClick={onAction}
      >
        {busy ? 'Processing...' : action}
      </Button>
      {children}
    </section>
  );
}
