import type { InputHTMLAttributes, ReactNode } from 'react';

/**
 * One choice of a radio group drawn as a card: its title in bold and a line under it, the whole
 * card clickable and outlined when chosen (a plan change's packages, where a refund goes).
 */
export function RadioCard({
  title,
  hint,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'title'> & {
  title: ReactNode;
  hint: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-xl border-2 border-ink/15 px-4 py-3 has-checked:border-ink has-disabled:cursor-not-allowed has-disabled:opacity-60">
      <input type="radio" className="mt-1 size-5 shrink-0 accent-(--color-ink)" {...input} />
      <span className="min-w-0">
        <span className="block font-bold break-words">{title}</span>
        <span className="block text-sm text-muted">{hint}</span>
      </span>
    </label>
  );
}
