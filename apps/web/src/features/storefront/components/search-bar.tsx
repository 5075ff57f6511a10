import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { toastApiError } from '@/lib/api-client';
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
 * after 300 ms; ArrowUp/ArrowDown move, Enter opens, Escape closes.
 */
export function SearchBar({ className, onNavigate }: SearchBarProps) {
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-results`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const debounced = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const search = useSearchServices(debounced);

  const hasQuery = query.trim() !== '';
  const results = hasQuery ? (search.data ?? []) : [];
  const settled = hasQuery && debounced === query && !search.isFetching;
  const expanded = open && hasQuery && (results.length > 0 || settled);

  useEffect(() => {
    if (search.error) toastApiError(search.error, 'Search is unavailable right now');
  }, [search.error]);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function choose(serviceId: string) {
    setOpen(false);
    setActive(-1);
    setQuery('');
    navigate(`/services/${encodeURIComponent(serviceId)}`);
    onNavigate?.();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      if (results.length) setActive((i) => (i + 1) % results.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (results.length) setActive((i) => (i <= 0 ? results.length - 1 : i - 1));
    } else if (event.key === 'Enter') {
      const chosen = results[active] ?? (results.length === 1 ? results[0] : undefined);
      if (expanded && chosen) {
        event.preventDefault();
        choose(chosen._id);
      }
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
      } else if (query) {
        event.preventDefault();
        setQuery('');
      }
    }
  }

  useEffect(() => {
    if (active < 0) return;
    document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);

  return (
    <div ref={rootRef} className={cn('relative w-full max-w-[350px]', className)}>
      <label htmlFor={`${id}-input`} className="sr-only">
        Search services
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-4 size-4.5 -translate-y-1/2 text-muted"
      />
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        enterKeyHint="search"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        placeholder="What service are you looking for?"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className="h-11 w-full rounded-full border-2 border-ink/15 bg-paper pr-10 pl-11 text-sm text-ink transition-colors placeholder:text-muted hover:border-ink/40 focus-visible:border-ink focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-accent-strong [&::-webkit-search-cancel-button]:hidden"
      />
      {query ? (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            setQuery('');
            setActive(-1);
          }}
          className="absolute top-1/2 right-2 grid size-8 -translate-y-1/2 cursor-pointer place-items-center rounded-full text-muted hover:bg-ink/5 hover:text-ink"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      ) : null}
      <ul
        id={listId}
        role="listbox"
        aria-label="Matching services"
        hidden={!expanded || results.length === 0}
        className="absolute inset-x-0 top-full z-50 mt-2 max-h-[150px] overflow-y-auto rounded-2xl border-2 border-ink bg-paper p-1.5 shadow-card"
      >
        {results.map((result, index) => (
          <li
            key={result._id}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => choose(result._id)}
            onMouseMove={() => setActive(index)}
            className={cn(
              'cursor-pointer rounded-xl px-3 py-2 text-sm font-medium',
              index === active && 'bg-ink text-paper',
            )}
          >
            {result.title}
          </li>
        ))}
      </ul>
      {expanded && results.length === 0 ? (
        <p
          role="status"
          className="absolute inset-x-0 top-full z-50 mt-2 rounded-2xl border-2 border-ink bg-paper px-4 py-3 text-sm text-muted shadow-card"
        >
          No services match “{query.trim()}”.
        </p>
      ) : null}
    </div>
  );
}
