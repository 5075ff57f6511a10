import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A question that opens its answer, as native `<details>`: it works before the app's code has
 * loaded and with JavaScript off (a page drawn by the server), which the accordion
 * (accordion.tsx) cannot. A file of its own: the service page's chunk carries it, and the
 * accordion stays with the pages that use it (the customer's dashboard, the staff's preview).
 */
export function Disclosure({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <details className="group border-b-2 border-ink/10 last:border-b-0">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left text-lg font-semibold transition-colors hover:text-accent-strong focus-visible:outline-3 focus-visible:outline-accent-strong [&::-webkit-details-marker]:hidden">
        {title}
        <span className="grid size-9 shrink-0 place-items-center rounded-full bg-ink text-paper transition-transform duration-200 group-open:rotate-45 group-open:bg-accent group-open:text-ink">
          <Plus aria-hidden="true" className="size-5" />
        </span>
      </summary>
      <div className="pb-5 text-ink/85">{children}</div>
    </details>
  );
}
