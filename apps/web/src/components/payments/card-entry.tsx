import { useEffect, useId, useRef, useState } from 'react';
import type { PaymentConfig } from '@noise/shared/payments';
import { SANDBOX_TEST_CARDS, tokenizeSandboxCard } from '@noise/shared/sandbox-card';
import { controlClasses, Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { loadStripe, type StripeCardElement, type StripeClient } from './stripe-js';

export type PaymentMethodResult = { paymentMethodId: string } | { error: string };

/** What the page may do with a completed card form. */
export interface CardHandle {
  /** Turns the card into a payment-method id (in the browser; the number never reaches us). */
  createPaymentMethod: () => Promise<PaymentMethodResult>;
  /** Stripe only: runs the bank's 3-D Secure check; the sandbox uses its own dialog instead. */
  handleNextAction?: (clientSecret: string) => Promise<{ error?: string }>;
}

interface CardEntryProps {
  config: PaymentConfig;
  disabled?: boolean;
  /** A handle once the card is complete and valid; null while it is not. */
  onChange: (handle: CardHandle | null) => void;
}

/** docs/product.md#card-entry: the card form's text is 16 px; it asks for no postal code. */
export function CardEntry({ config, disabled, onChange }: CardEntryProps) {
  if (config.provider === 'stripe' && config.publishableKey) {
    return (
      <StripeCardEntry
        publishableKey={config.publishableKey}
        disabled={disabled}
        onChange={onChange}
      />
    );
  }
  return <SandboxCardEntry disabled={disabled} onChange={onChange} />;
}

function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

function formatExpiry(value: string, previous: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash deletes the month's last digit too, as people expect.
  if (value.length < previous.length && previous.endsWith('/') && !value.includes('/')) {
    return digits.slice(0, 1);
  }
  if (digits.length >= 3 || (digits.length === 2 && value.length > previous.length)) {
    return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  }
  return digits;
}

type CardField = 'number' | 'expiry' | 'cvc';

/** The sandbox provider's card form: our own fields, validated and tokenized in the browser. */
function SandboxCardEntry({
  disabled,
  onChange,
}: {
  disabled?: boolean;
  onChange: (handle: CardHandle | null) => void;
}) {
  const id = useId();
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [touched, setTouched] = useState<Record<CardField, boolean>>({
    number: false,
    expiry: false,
    cvc: false,
  });
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const check = tokenizeSandboxCard(card);
  const error = 'error' in check ? check : null;
  const valid = !error;

  useEffect(() => {
    if (!valid) {
      onChangeRef.current(null);
      return;
    }
    const snapshot = { ...card };
    onChangeRef.current({
      createPaymentMethod: async () => {
        const result = tokenizeSandboxCard(snapshot);
        return 'error' in result
          ? { error: result.error }
          : { paymentMethodId: result.paymentMethodId };
      },
    });
  }, [valid, card]);

  // A field's message shows once the customer has left it (the number's also once it is long enough).
  function messageFor(field: CardField): string | undefined {
    if (!error || error.field !== field) return undefined;
    const digits = card.number.replace(/\D/g, '');
    if (touched[field] || (field === 'number' && digits.length >= 16)) return error.error;
    return undefined;
  }

  const inputClass = cn(controlClasses, 'h-12 text-[16px] tabular-nums');
  const numberError = messageFor('number');
  const expiryError = messageFor('expiry');
  const cvcError = messageFor('cvc');

  return (
    <div className="flex flex-col gap-4">
      <Field id={`${id}-number`} label="Card number" required error={numberError}>
        <input
          id={`${id}-number`}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={card.number}
          disabled={disabled}
          aria-invalid={numberError ? true : undefined}
          aria-describedby={numberError ? `${id}-number-error` : undefined}
          onChange={(event) =>
            setCard((c) => ({ ...c, number: formatCardNumber(event.target.value) }))
          }
          onBlur={() => setTouched((t) => ({ ...t, number: true }))}
          className={inputClass}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field id={`${id}-expiry`} label="Expiry (MM/YY)" required error={expiryError}>
          <input
            id={`${id}-expiry`}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={card.expiry}
            disabled={disabled}
            aria-invalid={expiryError ? true : undefined}
            aria-describedby={expiryError ? `${id}-expiry-error` : undefined}
            onChange={(event) =>
              setCard((c) => ({ ...c, expiry: formatExpiry(event.target.value, c.expiry) }))
            }
            onBlur={() => setTouched((t) => ({ ...t, expiry: true }))}
            className={inputClass}
          />
        </Field>
        <Field id={`${id}-cvc`} label="CVC" required error={cvcError}>
          <input
            id={`${id}-cvc`}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={card.cvc}
            disabled={disabled}
            aria-invalid={cvcError ? true : undefined}
            aria-describedby={cvcError ? `${id}-cvc-error` : undefined}
            onChange={(event) =>
              setCard((c) => ({ ...c, cvc: event.target.value.replace(/\D/g, '').slice(0, 4) }))
            }
            onBlur={() => setTouched((t) => ({ ...t, cvc: true }))}
            className={inputClass}
          />
        </Field>
      </div>
      <div className="rounded-2xl bg-canvas p-4 text-sm">
        <p className="font-semibold">Test checkout: no real card is charged.</p>
        <ul className="mt-2 flex flex-col gap-1 text-muted">
          {SANDBOX_TEST_CARDS.map((test) => (
            <li key={test.number}>
              <span className="font-mono text-ink">{formatCardNumber(test.number)}</span>{' '}
              {test.description.toLowerCase()}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-muted">Use any future expiry date and any 3 digits for the CVC.</p>
      </div>
    </div>
  );
}

/**
 * Stripe Elements' card field, loaded from js.stripe.com only when the server's provider is
 * Stripe (docs/decisions/012).
 */
function StripeCardEntry({
  publishableKey,
  disabled,
  onChange,
}: {
  publishableKey: string;
  disabled?: boolean;
  onChange: (handle: CardHandle | null) => void;
}) {
  const id = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const elementRef = useRef<StripeCardElement | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [message, setMessage] = useState('');
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    let cancelled = false;
    let card: StripeCardElement | null = null;
    loadStripe(publishableKey)
      .then((stripe: StripeClient) => {
        if (cancelled || !mountRef.current) return;
        card = stripe.elements().create('card', {
          hidePostalCode: true,
          style: { base: { fontSize: '16px' } },
        });
        elementRef.current = card;
        card.mount(mountRef.current);
        setStatus('ready');
        const mounted = card;
        card.on('change', (event) => {
          setMessage(event.error?.message ?? '');
          onChangeRef.current(
            event.complete
              ? {
                  createPaymentMethod: async () => {
                    const result = await stripe.createPaymentMethod({
                      type: 'card',
                      card: mounted,
                    });
                    if (result.error || !result.paymentMethod) {
                      return { error: result.error?.message ?? 'Your card could not be read.' };
                    }
                    return { paymentMethodId: result.paymentMethod.id };
                  },
                  handleNextAction: async (clientSecret) => {
                    const result = await stripe.handleNextAction({ clientSecret });
                    return { error: result.error?.message };
                  },
                }
              : null,
          );
        });
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      card?.destroy();
      elementRef.current = null;
      onChangeRef.current(null);
    };
  }, [publishableKey]);

  useEffect(() => {
    elementRef.current?.update({ disabled: Boolean(disabled) });
  }, [disabled]);

  return (
    <Field id={`${id}-card`} label="Card details" required error={message || undefined}>
      <div
        id={`${id}-card`}
        ref={mountRef}
        className={cn(controlClasses, 'flex h-12 flex-col justify-center')}
      >
        {status === 'loading' ? <Spinner label="Loading the card form" /> : null}
        {status === 'failed' ? (
          <p className="text-sm text-danger">
            The card form could not load. Check your connection and reload the page.
          </p>
        ) : null}
      </div>
    </Field>
  );
}
