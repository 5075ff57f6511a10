import { Search, X } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCombobox } from '@/components/ui/use-combobox';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { useSearchServices } from '../api/search-services';

const SEARCH_DEBOUNCE_MS = 300;

interface SearchBarProps {
  className?: string;
  /** Called after a result is chosen (the mobile menu closes itself). */
  onNavigate?: () => void;
}

/**
 * The header search (docs/product.md#search), an ARIA combobox: typing lists matching services
 * after 300 ms; ArrowUp/ArrowDown move, Enter opens, Escape closes (and, closed, clears).
 */
export function SearchBar({ className, onNavigate }: SearchBarProps) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const { rootRef, ...combobox } = useCombobox({
    query,
    searched: debounced,
    search: useSearchServices(debounced),
    errorTitle: 'Search is unavailable right now',
    onChoose: (service) => {
      setQuery('');
      navigate(`/services/${encodeURIComponent(service._id)}`);
      onNavigate?.();
    },
  });

  // Enter without a chosen match shows every match on a page of its own, which is also where the
  // box sends its query with JavaScript off (docs/product.md#search).
  return (
    <form
      role="search"
      action="/search"
      className={cn('w-full max-w-[350px]', className)}
      onSubmit={(event) => {
        event.preventDefault();
        if (!query.trim()) return;
        navigate(`/search?q=${encodeURIComponent(query.trim())}`);
        setQuery('');
        onNavigate?.();
      }}
    >
      <div ref={rootRef} className="relative">
        <label htmlFor={combobox.inputProps.id} className="sr-only">
          Search services
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-4 size-4.5 -translate-y-1/2 text-muted"
        />
        <input
          {...combobox.inputProps}
          name="q"
          type="search"
          enterKeyHint="search"
          placeholder="What service are you looking for?"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            combobox.typed();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !combobox.expanded && query) {
              event.preventDefault();
              setQuery('');
              return;
            }
            combobox.inputProps.onKeyDown(event);
          }}
          className="h-11 w-full rounded-full border-2 border-ink/15 bg-paper pr-10 pl-11 text-sm text-ink transition-colors placeholder:text-muted hover:border-ink/40 focus-visible:border-ink focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-strong [&::-webkit-search-cancel-button]:hidden"
        />
        {query ? (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => {
              setQuery('');
              combobox.typed();
            }}
            className="absolute top-1/2 right-2 grid size-8 -translate-y-1/2 cursor-pointer place-items-center rounded-full text-muted hover:bg-ink/5 hover:text-ink"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
        <ul
          {...combobox.listProps}
          aria-label="Matching services"
          className="absolute inset-x-0 top-full z-50 mt-2 max-h-[150px] overflow-y-auto rounded-2xl border-2 border-ink bg-paper p-1.5 shadow-card"
        >
          {combobox.results.map((result, index) => (
            <li
              key={result._id}
              {...combobox.optionProps(result, index)}
              className={cn(
                'cursor-pointer rounded-xl px-3 py-2 text-sm font-medium',
                index === combobox.active && 'bg-ink text-paper',
              )}
            >
              {result.title}
            </li>
          ))}
        </ul>
        {combobox.noMatch ? (
          <p
            role="status"
            className="absolute inset-x-0 top-full z-50 mt-2 rounded-2xl border-2 border-ink bg-paper px-4 py-3 text-sm text-muted shadow-card"
          >
            No services match “{query.trim()}”.
          </p>
        ) : null}
      </div>
    </form>
  );
}
