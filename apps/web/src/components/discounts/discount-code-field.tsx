import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  checkDiscountRequest,
  discountLabel,
  type CheckDiscountResponse,
} from '@noise/shared/discounts';
import { formatMoney } from '@noise/shared/pricing';
import { Button } from '@/components/ui/button';
import { Form, FormField, FormSubmit } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useCheckDiscount } from './check-discount';

interface DiscountCodeFieldProps {
  serviceId: string;
  /** The order's first payment before GST, without a code: a code's minimum order is checked on it. */
  firstPaymentCents: number;
  applied: CheckDiscountResponse | null;
  onChange: (applied: CheckDiscountResponse | null) => void;
  /** The payment page's summary is dark, the order panel light. */
  tone?: 'dark' | 'light';
  /** Opens on the field rather than on 'Add a discount code' (the order panel showed that). */
  startOpen?: boolean;
}

const tones: Record<
  'dark' | 'light',
  Record<'applied' | 'add' | 'input' | 'error', string> & { remove: 'link' | 'link-inverted' }
> = {
  dark: {
    applied: 'bg-paper/10',
    add: 'text-accent',
    remove: 'link-inverted',
    input: 'border-paper/30',
    error: 'text-accent',
  },
  light: {
    applied: 'bg-accent-soft',
    add: 'text-accent-strong',
    remove: 'link',
    input: 'border-ink/30',
    error: 'text-danger',
  },
};

const codeSchema = checkDiscountRequest.pick({ code: true });
type CodeValues = z.infer<typeof codeSchema>;

/** Why an applied code no longer holds for this order, or null. */
function belowMinimum(applied: CheckDiscountResponse, firstPaymentCents: number): string | null {
  if (applied.minimumOrderCents === null || firstPaymentCents >= applied.minimumOrderCents) {
    return null;
  }
  return `The code ${applied.code} needs an order of at least ${formatMoney(applied.minimumOrderCents)} before GST.`;
}

/**
 * 'Add a discount code' in the order summary and the order panel
 * (docs/product.md#discount-codes): the code is checked by the server, which says why one cannot
 * be used; the server prices the order with it again when it is paid. A refusal keeps what was
 * typed.
 */
export function DiscountCodeField({
  serviceId,
  firstPaymentCents,
  applied,
  onChange,
  tone = 'dark',
  startOpen = false,
}: DiscountCodeFieldProps) {
  const id = useId();
  const check = useCheckDiscount();
  const [open, setOpen] = useState(startOpen);
  const form = useForm<CodeValues>({
    resolver: zodResolver(codeSchema),
    defaultValues: { code: '' },
  });
  const colours = tones[tone];

  if (applied) {
    // The order panel's extras can change after a code is applied.
    const problem = belowMinimum(applied, firstPaymentCents);
    return (
      <div className={cn('mt-4 rounded-xl px-4 py-3 text-sm', colours.applied)}>
        <div className="flex items-center justify-between gap-3">
          <p>
            Code <span className="font-bold">{applied.code}</span>:{' '}
            {discountLabel(applied.discount, (cents) => formatMoney(cents))}
          </p>
          <Button type="button" variant={colours.remove} onClick={() => onChange(null)}>
            <X aria-hidden="true" />
            Remove <span className="sr-only">the code {applied.code}</span>
          </Button>
        </div>
        {problem ? (
          <p role="alert" className={cn('mt-1.5 font-semibold', colours.error)}>
            {problem}
          </p>
        ) : null}
      </div>
    );
  }
  if (!open) {
    return (
      <button
        type="button"
        className={cn('mt-4 text-sm font-semibold underline underline-offset-4', colours.add)}
        onClick={() => setOpen(true)}
      >
        Add a discount code
      </button>
    );
  }

  async function apply({ code }: CodeValues) {
    try {
      const answer = await check.mutateAsync({ code, serviceId });
      const problem = belowMinimum(answer, firstPaymentCents);
      if (problem) form.setError('code', { message: problem });
      else onChange(answer);
    } catch (caught) {
      // Shown at the field, and what was typed stays to correct.
      form.setError('code', { message: errorMessage(caught, 'The code could not be checked.') });
    }
  }

  // Its own form, so Enter applies the code instead of paying.
  return (
    <Form form={form} onSubmit={apply} className="mt-4">
      <FormField
        control={form.control}
        name="code"
        render={({ error, ...field }) => (
          <>
            <label htmlFor={id} className="text-sm font-semibold">
              Discount code
            </label>
            <div className="mt-1.5 flex gap-2">
              <input
                id={id}
                autoComplete="off"
                // It appears because 'Add a discount code' was pressed: the typing goes here.
                autoFocus
                // A small intrinsic width: the row takes what the summary gives it, never more.
                size={8}
                autoCapitalize="characters"
                spellCheck={false}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                className={cn(
                  'h-11 min-w-0 flex-1 rounded-xl border-2 bg-paper px-3 text-base text-ink uppercase focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent',
                  colours.input,
                )}
                {...field}
              />
              <FormSubmit className="h-11">Apply</FormSubmit>
            </div>
            {error ? (
              <p
                id={`${id}-error`}
                role="alert"
                className={cn('mt-1.5 text-sm font-semibold', colours.error)}
              >
                {error}
              </p>
            ) : null}
          </>
        )}
      />
    </Form>
  );
}
