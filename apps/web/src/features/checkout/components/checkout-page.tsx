import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { CheckoutProgress } from './checkout-progress';

export function CheckoutPage({
  title,
  children,
  progress = { current: 1 },
}: {
  title: string;
  children: ReactNode;
  progress?: { current: 0 | 1 | 2; steps?: readonly string[] };
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <CheckoutProgress current={progress.current} steps={progress.steps} />
      <h1 className="mt-6 text-4xl font-extrabold sm:text-5xl">{title}</h1>
      {children}
    </div>
  );
}

/** What would not load (the quote, the customer's details), with a way to try again. */
export function CheckoutLoadFailed({
  message,
  onRetry,
}: {
  message: string;
  onRetry?: () => void;
}) {
  return (
    <div role="alert" className="mt-8 rounded-card border-2 border-ink bg-paper p-8">
      <p className="text-lg font-semibold">{message}</p>
      {onRetry ? (
        <Button className="mt-6" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
