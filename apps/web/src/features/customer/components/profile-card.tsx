import type { ReactNode } from 'react';

/** A titled box of the customer's settings pages (Profile, Team). */
export function ProfileCard({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-card border-2 border-ink bg-paper p-6 sm:p-8">
      <h2 id={id} className="text-2xl font-extrabold">
        {title}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** Why a form of those pages was not saved, beside what was typed. */
export function FormFailure({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-xl bg-danger-soft px-4 py-3 text-sm font-semibold text-danger"
    >
      {message}
    </p>
  );
}
