import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { QuoteCustomer } from '@noise/shared/quote';
import { TextInput } from '@/components/ui/input';
import { toastApiError } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { useRecipients } from '../api/search-recipients';

const SEARCH_DEBOUNCE_MS = 250;
const LOOKS_LIKE_EMAIL = /^\S+@\S+\.\S+$/;

interface RecipientFieldProps {
  /** The customer chosen, whose name the field shows... */
  customer: QuoteCustomer | null;
  /** ...or, without one, what is typed: a new address, or a search. */
  text: string;
  error?: string;
  onChoose: (customer: QuoteCustomer) => void;
  onType: (text: string) => void;
}

/**
 * 'For': who the quote is for. An ARIA combobox like the shop's search: typing lists customers
 * whose name or email matches; ArrowUp/ArrowDown move, Enter chooses, Escape closes. What is typed
 * and not chosen is taken as a new email address.
 */
export function RecipientField({ customer, text, error, onChoose, onType }: RecipientFieldProps) {
  const id = useId();
  const listId = `${id}-options`;
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = customer ? '' : text;
  const debounced = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const search = useRecipients(debounced);

  const hasQuery = query.trim() !== '';
  const results = hasQuery ? (search.data ?? []) : [];
  const settled = hasQuery && debounced === query && !search.isFetching;
  const expanded = open && hasQuery && (results.length > 0 || settled);

  useEffect(() => {
    if (search.error) toastApiError(search.error, 'Could not search customers');
  }, [search.error]);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function choose(chosen: QuoteCustomer) {
    setOpen(false);
    setActive(-1);
    onChoose(chosen);
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
      // Enter in the field chooses; it never submits the quote half-addressed.
      const chosen = results[active] ?? (results.length === 1 ? results[0] : undefined);
      if (expanded && chosen) {
        event.preventDefault();
        choose(chosen);
      }
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  }

  const hint = customer
    ? `Customer account: ${customer.email}`
    : 'Search customers by name or email, or type the email address of someone new.';
  const noMatch = LOOKS_LIKE_EMAIL.test(query.trim())
    ? `No customer has this address: the quote will be for ${query.trim()}.`
    : `No customer matches “${query.trim()}”.`;

  return (
    <div ref={rootRef} className="relative">
      <TextInput
        ref={inputRef}
        id={`${id}-input`}
        label="For"
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        placeholder="Customer name or email"
        value={customer ? customer.name : text}
        error={error}
        hint={hint}
        onChange={(event) => {
          onType(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        className="truncate"
        trailing={
          customer || text ? (
            <button
              type="button"
              aria-label="Clear the recipient"
              onClick={() => {
                onType('');
                inputRef.current?.focus();
              }}
              className="grid size-9 cursor-pointer place-items-center rounded-full text-muted hover:bg-ink/5 hover:text-ink"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          ) : null
        }
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Matching customers"
        hidden={!expanded || results.length === 0}
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-64 overflow-y-auto rounded-2xl border-2 border-ink bg-paper p-1.5 shadow-card"
      >
        {results.map((result, index) => (
          <li
            key={result.id}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            onPointerDown={(event) => event.preventDefault()}
            onClick={() => choose(result)}
            onMouseMove={() => setActive(index)}
            className={cn(
              'cursor-pointer rounded-xl px-3 py-2',
              index === active && 'bg-ink text-paper',
            )}
          >
            <span className="block truncate text-sm font-semibold">{result.name}</span>
            <span
              className={cn(
                'block truncate text-xs',
                index === active ? 'text-paper/80' : 'text-muted',
              )}
            >
              {result.email}
            </span>
          </li>
        ))}
      </ul>
      {expanded && results.length === 0 ? (
        <p
          role="status"
          className="absolute inset-x-0 top-full z-50 mt-1 rounded-2xl border-2 border-ink bg-paper px-4 py-3 text-sm text-muted shadow-card"
        >
          {noMatch}
        </p>
      ) : null}
    </div>
  );
}
