import type { ReactNode } from 'react';
import { CheckoutProgress } from './checkout-progress';

export function CheckoutPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <CheckoutProgress current={1} />
      <h1 className="mt-6 text-4xl font-extrabold sm:text-5xl">{title}</h1>
      {children}
    </div>
  );
}
