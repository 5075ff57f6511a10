import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { toastApiError } from '@/lib/api-client';

/** The option ArrowDown or ArrowUp highlights next, wrapping round; -1 is none. */
export function moveActive(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return active;
  if (key === 'ArrowDown') return (active + 1) % count;
  return active <= 0 ? count - 1 : active - 1;
}

interface ComboboxOptions<T> {
  /** What is typed. */
  query: string;
  /** The query the search was last asked (debounced), and its answer. */
  searched: string;
  search: { data: T[] | undefined; isFetching: boolean; error: unknown };
  /** The toast's title when the search fails ('Search is unavailable right now'). */
  errorTitle: string;
  onChoose: (option: T) => void;
}

/**
 * A search field with a list of matches, as an ARIA combobox (the shop's search, a quote's
 * recipient): typing opens the list; ArrowUp/ArrowDown move, Enter chooses, Escape closes, a
 * click outside closes. The caller draws the field and the list and spreads the props given here;
 * `rootRef` goes on the element around both (take it out of the result: `{ rootRef, ...rest }`,
 * so that the rest reads as plain values during render).
 */
export function useCombobox<T>({
  query,
  searched,
  search,
  errorTitle,
  onChoose,
}: ComboboxOptions<T>) {
  const id = useId();
  const listId = `${id}-options`;
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const hasQuery = query.trim() !== '';
  const results = hasQuery ? (search.data ?? []) : [];
  const settled = hasQuery && searched === query && !search.isFetching;
  const expanded = open && hasQuery && (results.length > 0 || settled);
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (search.error) toastApiError(search.error, errorTitle);
  }, [search.error, errorTitle]);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => {
    if (active < 0) return;
    document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, id]);

  function choose(option: T) {
    setOpen(false);
    setActive(-1);
    onChoose(option);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const key = event.key;
      setActive((i) => moveActive(i, results.length, key));
    } else if (event.key === 'Enter') {
      // Enter chooses the highlighted match (or the only one) instead of submitting a form.
      const chosen = results[active] ?? (results.length === 1 ? results[0] : undefined);
      if (expanded && chosen !== undefined) {
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

  return {
    rootRef,
    results,
    expanded,
    active,
    /** Nothing matches what was typed: the caller says so. */
    noMatch: expanded && results.length === 0,
    inputProps: {
      id: `${id}-input`,
      role: 'combobox',
      autoComplete: 'off',
      'aria-autocomplete': 'list',
      'aria-expanded': expanded,
      'aria-controls': listId,
      'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
      onFocus: () => setOpen(true),
      onKeyDown,
    } as const,
    /** What is typed changed (typing, a clear button): the list opens with nothing highlighted. */
    typed() {
      setOpen(true);
      setActive(-1);
    },
    listProps: { id: listId, role: 'listbox', hidden: !expanded || results.length === 0 } as const,
    optionProps: (option: T, index: number) => ({
      id: optionId(index),
      role: 'option' as const,
      'aria-selected': index === active,
      // Keeps the focus in the field, so the click is not a blur that closes the list first.
      onPointerDown: (event: { preventDefault: () => void }) => event.preventDefault(),
      onClick: () => choose(option),
      onMouseMove: () => setActive(index),
    }),
  };
}
