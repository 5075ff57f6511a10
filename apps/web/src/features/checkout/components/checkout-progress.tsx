import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';
import { orderSteps } from './checkout-steps';

/**
 * docs/product.md#payment-page: Order Details (done), Confirm & Pay (now), Submit Requirements;
 * a step is marked done only when the customer went through it.
 */
export function CheckoutProgress({
  current,
  steps = orderSteps,
}: {
  current: 0 | 1 | 2;
  steps?: readonly string[];
}) {
  return (
    <nav aria-label="Checkout progress">
      <ol className="flex items-center gap-2 text-sm font-semibold sm:gap-3">
        {steps.map((step, index) => {
          const done = index < current;
          const active = index === current;
          return (
            <li key={step} className="flex items-center gap-2 sm:gap-3">
              {index > 0 ? (
                <span
                  aria-hidden="true"
                  className={cn('h-0.5 w-4 sm:w-10', done || active ? 'bg-ink' : 'bg-line')}
                />
              ) : null}
              <span
                aria-current={active ? 'step' : undefined}
                className={cn('flex items-center gap-2', !done && !active && 'text-muted')}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'grid size-7 shrink-0 place-items-center rounded-full border-2 text-xs',
                    done && 'border-ink bg-ink text-accent',
                    active && 'border-accent bg-accent text-ink',
                    !done && !active && 'border-line',
                  )}
                >
                  {done ? <Check className="size-4" strokeWidth={3} /> : index + 1}
                </span>
                <span className={cn(!active && 'max-sm:sr-only')}>
                  {step}
                  {done ? <span className="sr-only"> (done)</span> : null}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
