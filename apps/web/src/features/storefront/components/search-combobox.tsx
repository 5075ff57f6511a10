import { X } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCombobox } from '@/components/ui/use-combobox';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { useSearchServices } from '../api/search-services';
import { SearchForm } from './search-form';

const SEARCH_DEBOUNCE_MS = 300;

export interface SearchComboboxProps {
  className?: string;
  /** Called after a result is chosen (the mobile menu closes itself). */
  onNavigate?: () => void;
  /** What was typed in the plain field before this loaded (search-bar.tsx). */
  initialQuery?: string;
  /** The plain field had the focus: this field takes it, the caret after what was typed. */
  focus?: boolean;
}

/**
 * The header search's list of matches (docs/product.md#search), an ARIA combobox: typing lists
 * matching services after 300 ms; ArrowUp/ArrowDown move, Enter opens, Escape closes (and,
 * closed, clears). The header draws the plain field first (SearchBar); the mobile menu draws this.
 */
export function SearchCombobox({
  className,
  onNavigate,
  initialQuery = '',
  focus = false,
}: SearchComboboxProps) {
  const navigate = useNavigate();
  const [query, setQuery] = useState(initialQuery);
  const inputRef = useRef<HTMLInputElement>(null);
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

  // Before the browser paints: the field that replaced the plain one keeps the typing going.
  const focusOnMount = useRef(focus);
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!focusOnMount.current || !input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, []);

  return (
    <SearchForm
      className={className}
      onNavigate={onNavigate}
      query={query}
      onQueryChange={(value) => {
        setQuery(value);
        combobox.typed();
      }}
      onSent={() => setQuery('')}
      inputRef={inputRef}
      rootRef={rootRef}
      inputProps={{
        ...combobox.inputProps,
        onKeyDown: (event) => {
          if (event.key === 'Escape' && !combobox.expanded && query) {
            event.preventDefault();
            setQuery('');
            return;
          }
          combobox.inputProps.onKeyDown(event);
        },
      }}
      listProps={combobox.listProps}
      clearButton={
        query ? (
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
        ) : null
      }
      status={
        combobox.noMatch ? (
          <p
            role="status"
            className="absolute inset-x-0 top-full z-50 mt-2 rounded-2xl border-2 border-ink bg-paper px-4 py-3 text-sm text-muted shadow-card"
          >
            No services match “{query.trim()}”.
          </p>
        ) : null
      }
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
    </SearchForm>
  );
}
