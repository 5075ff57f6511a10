import { useId, useState, type ComponentType } from 'react';
import type { SearchComboboxProps } from './search-combobox';
import { SearchForm } from './search-form';

interface SearchBarProps {
  className?: string;
  /** Called after a result is chosen (the mobile menu closes itself). */
  onNavigate?: () => void;
}

/**
 * The header search (docs/product.md#search), an ARIA combobox: typing lists matching services
 * after 300 ms; ArrowUp/ArrowDown move, Enter opens, Escape closes (and, closed, clears). It
 * starts as the plain field, which sends its query to the results page, and becomes the combobox
 * (search-combobox.tsx) once that has loaded, keeping what was typed and the focus.
 */
export function SearchBar({ className, onNavigate }: SearchBarProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState(false);
  // The list of matches (its queries, keys and debounce) loads when the box is first pointed at
  // or focused: the first paint draws the box, and a visitor who never searches never loads it.
  // Not `lazy`: a Suspense boundary here would be one more in the server's markup.
  const [Combobox, setCombobox] = useState<ComponentType<SearchComboboxProps> | null>(null);
  const [loading, setLoading] = useState(false);
  const want = () => {
    if (loading) return;
    setLoading(true);
    import('./search-combobox')
      .then((m) => setCombobox(() => m.SearchCombobox))
      // Offline, or a release moved the file: the plain field still sends its query; try again
      // on the next focus.
      .catch(() => setLoading(false));
  };

  if (Combobox) {
    return (
      <Combobox
        className={className}
        onNavigate={onNavigate}
        initialQuery={query}
        focus={focused}
      />
    );
  }
  return (
    <SearchForm
      className={className}
      onNavigate={onNavigate}
      onPointerEnter={want}
      query={query}
      onQueryChange={(value) => {
        setQuery(value);
        want();
      }}
      onSent={() => setQuery('')}
      inputProps={{
        id: `${id}-input`,
        role: 'combobox',
        autoComplete: 'off',
        'aria-autocomplete': 'list',
        'aria-expanded': false,
        'aria-controls': `${id}-options`,
        onFocus: () => {
          setFocused(true);
          want();
        },
        onBlur: () => setFocused(false),
      }}
      listProps={{ id: `${id}-options`, role: 'listbox', hidden: true }}
    />
  );
}
