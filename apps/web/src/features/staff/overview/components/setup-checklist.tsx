import { CircleAlert, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { SetupItem } from '@noise/shared/overview';

/**
 * What stops the shop from trading for real (the demo runs on sandbox payments and mail in a
 * folder). Items left to do are open; done ones fold away; all done, the card is gone.
 */
export function SetupChecklistCard({ items }: { items: SetupItem[] }) {
  const todo = items.filter((item) => !item.done);
  const done = items.filter((item) => item.done);
  if (todo.length === 0) return null;
  return (
    <section
      aria-label="Before you trade"
      className="flex min-w-0 flex-col rounded-card border-2 border-ink bg-paper p-6 shadow-card md:col-span-2 2xl:col-span-3"
    >
      <h2 className="text-xl font-bold">Before you trade</h2>
      <p className="mt-1 text-sm text-muted">
        {todo.length} of {items.length} still to set up. Until then the shop runs as a demo.
      </p>
      <ul className="mt-4 flex flex-col divide-y divide-line">
        {todo.map((item) => (
          <li key={item.id} className="flex gap-3 py-3">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-strong" />
            <div className="min-w-0">
              <p className="font-semibold">
                {item.title}
                <span className="sr-only">: to do</span>
              </p>
              <p className="text-sm break-words text-muted">{item.detail}</p>
              {item.href ? (
                <Link
                  to={item.href}
                  className="mt-1 inline-block text-sm font-semibold text-accent-strong underline-offset-4 hover:underline"
                >
                  Set it up<span className="sr-only">: {item.title}</span>
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {done.length > 0 ? (
        <details className="mt-2 border-t border-line pt-3 text-sm">
          <summary className="cursor-pointer font-semibold">{done.length} done</summary>
          <ul className="mt-2 flex flex-col gap-2">
            {done.map((item) => (
              <li key={item.id} className="flex gap-2">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
                <span>
                  <span className="font-semibold">{item.title}</span>: {item.detail}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
