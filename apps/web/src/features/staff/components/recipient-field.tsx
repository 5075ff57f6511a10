import { X } from 'lucide-react';
import { useRef } from 'react';
import type { QuoteCustomer } from '@noise/shared/quote';
import { TextInput } from '@/components/ui/input';
import { useCombobox } from '@/components/ui/use-combobox';
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
 * 'For': who the quote is for. An ARIA combobox like the shop's search (useCombobox): typing lists
 * customers whose name or email matches; ArrowUp/ArrowDown move, Enter chooses, Escape closes.
 * What is typed and not chosen is taken as a new email address.
 */
export function RecipientField({ customer, text, error, onChoose, onType }: RecipientFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const query = customer ? '' : text;
  const debounced = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const { rootRef, ...combobox } = useCombobox({
    query,
    searched: debounced,
    search: useRecipients(debounced),
    errorTitle: 'Could not search customers',
    onChoose,
  });

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
        {...combobox.inputProps}
        label="For"
        type="text"
        spellCheck={false}
        placeholder="Customer name or email"
        value={customer ? customer.name : text}
        error={error}
        hint={hint}
        onChange={(event) => {
          onType(event.target.value);
          combobox.typed();
        }}
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
        {...combobox.listProps}
        aria-label="Matching customers"
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-64 overflow-y-auto rounded-2xl border-2 border-ink bg-paper p-1.5 shadow-card"
      >
        {combobox.results.map((result, index) => (
          <li
            key={result.id}
            {...combobox.optionProps(result, index)}
            className={cn(
              'cursor-pointer rounded-xl px-3 py-2',
              index === combobox.active && 'bg-ink text-paper',
            )}
          >
            <span className="block truncate text-sm font-semibold">{result.name}</span>
            <span
              className={cn(
                'block truncate text-xs',
                index === combobox.active ? 'text-paper/80' : 'text-muted',
              )}
            >
              {result.email}
            </span>
          </li>
        ))}
      </ul>
      {combobox.noMatch ? (
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
