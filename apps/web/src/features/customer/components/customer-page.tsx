import type { ReactNode } from 'react';

export function CustomerPage({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">{children}</div>;
}

/** An honest placeholder for a screen that is being built. */
export function ComingSoon({ title, children }: { title: string; children: ReactNode }) {
  return (
    <CustomerPage>
      <h1 className="text-4xl font-extrabold sm:text-5xl">{title}</h1>
      <div className="mt-8 rounded-card border-2 border-dashed border-ink/25 bg-paper p-8 text-lg text-muted">
        {children}
      </div>
    </CustomerPage>
  );
}
