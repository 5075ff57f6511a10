import { Loader2, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { discountLabel, type CheckDiscountResponse } from '@noise/shared/discounts';
import { formatMoney } from '@noise/shared/pricing';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useCheckDiscount } from '../api/check-discount';

interface DiscountCodeFieldProps {
  serviceId: string;
  /** The order's first payment before GST, without a code: a code's minimum order is checked on it. */
  firstPaymentCents: number;
  applied: CheckDiscountResponse | null;
  onChange: (applied: CheckDiscountResponse | null) => void;
}

/**
 * 'Add a discount code' in the order summary (docs/product.md#discount-codes): the code is
 * checked by the server, which says why one cannot be used; the server prices the order with it
 * again when it is paid. A refusal keeps what was typed.
 */
export function DiscountCodeField({
  serviceId,
  firstPaymentCents,
  applied,
  onChange,
}: DiscountCodeFieldProps) {
  const id = useId();
  const check = useCheckDiscount();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');

  if (applied) {
    return (
      <div className="mt-4 flex items-center justify-between gap-3 rounded-xl bg-paper/10 px-4 py-3 text-sm">
        <p>
          Code <span className="font-bold">{applied.code}</span>:{' '}
          {discountLabel(applied.discount, (cents) => formatMoney(cents))}
        </p>
        <Button type="button" variant="link" onClick={() => onChange(null)}>
          <X aria-hidden="true" />
          Remove<span className="sr-only"> the code {applied.code}</span>
        </Button>
      </div>
    );
  }
  if (!open) {
    return (
      <button
        type="button"
        className="mt-4 text-sm font-semibold text-accent underline underline-offset-4"
        onClick={() => setOpen(true)}
      >
        Add a discount code
      </button>
    );
  }

  async function apply(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    setError('');
    if (!code.trim()) {
      setError('Enter a discount code');
      return;
    }
    try {
      const answer = await check.mutateAsync({ code: code.trim(), serviceId });
      if (answer.minimumOrderCents !== null && firstPaymentCents < answer.minimumOrderCents) {
        setError(
          `The code ${answer.code} needs an order of at least ${formatMoney(answer.minimumOrderCents)} before GST.`,
        );
        return;
      }
      onChange(answer);
    } catch (caught) {
      setError(errorMessage(caught, 'The code could not be checked.'));
    }
  }

  // Its own form, so Enter applies the code instead of paying.
  return (
    <form noValidate onSubmit={(event) => void apply(event)} className="mt-4">
      <label htmlFor={id} className="text-sm font-semibold">
        Discount code
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={id}
          value={code}
          autoComplete="off"
          // A small intrinsic width: the row takes what the summary gives it, never more.
          size={8}
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setCode(event.target.value)}
          className="h-11 min-w-0 flex-1 rounded-xl border-2 border-paper/30 bg-paper px-3 text-base text-ink uppercase focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent"
        />
        <Button type="submit" className="h-11" disabled={check.isPending}>
          {check.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
          Apply
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm font-semibold text-accent">
          {error}
        </p>
      ) : null}
    </form>
  );
}
