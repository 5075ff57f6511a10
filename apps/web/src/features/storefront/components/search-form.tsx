import { Search } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '@/lib/utils';

export interface SearchFormProps {
  className?: string;
  /** Called after the query is sent or a result chosen (the mobile menu closes itself). */
  onNavigate?: () => void;
  query: string;
  onPointerEnter?: () => void;
  /** What is typed changed. */
  onQueryChange: (query: string) => void;
  /** The query went to the results page: the field empties. */
  onSent: () => void;
  inputRef?: Ref<HTMLInputElement>;
  rootRef?: Ref<HTMLDivElement>;
  /** The combobox's attributes and handlers (use-combobox), spread on the field. */
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string };
  listProps: { id: string; role: 'listbox'; hidden: boolean };
  /** The button that clears what is typed, drawn after the field. */
  clearButton?: ReactNode;
  /** The list's options. */
  children?: ReactNode;
  /** What is said when nothing matches. */
  status?: ReactNode;
}

/**
 * The header search's form, field and list (docs/product.md#search): drawn by the box before its
 * list has loaded and by the combobox after, so both are the same elements. Enter without a
 * chosen match shows every match on a page of its own, which is also where the box sends its
 * query with JavaScript off.
 */
export function SearchForm({
  className,
  onNavigate,
  onPointerEnter,
  query,
  onQueryChange,
  onSent,
  inputRef,
  rootRef,
  inputProps,
  listProps,
  clearButton,
  children,
  status,
}: SearchFormProps) {
  const navigate = useNavigate();
  return (
    <form
      role="search"
      action="/search"
      className={cn('w-full max-w-[350px]', className)}
      onPointerEnter={onPointerEnter}
      onSubmit={(event) => {
        event.preventDefault();
        if (!query.trim()) return;
        navigate(`/search?q=${encodeURIComponent(query.trim())}`);
        onSent();
        onNavigate?.();
      }}
    >
      <div ref={rootRef} className="relative">
        <label htmlFor={inputProps.id} className="sr-only">
          Search services
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-4 size-4.5 -translate-y-1/2 text-muted"
        />
        <input
          {...inputProps}
          ref={inputRef}
          name="q"
          type="search"
          enterKeyHint="search"
          placeholder="What service are you looking for?"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          className="h-11 w-full rounded-full border-2 border-ink/15 bg-paper pr-10 pl-11 text-sm text-ink transition-colors placeholder:text-muted hover:border-ink/40 focus-visible:border-ink focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-strong [&::-webkit-search-cancel-button]:hidden"
        />
        {clearButton}
        <ul
          {...listProps}
          aria-label="Matching services"
          className="absolute inset-x-0 top-full z-50 mt-2 max-h-[150px] overflow-y-auto rounded-2xl border-2 border-ink bg-paper p-1.5 shadow-card"
        >
          {children}
        </ul>
        {status}
      </div>
    </form>
  );
}
