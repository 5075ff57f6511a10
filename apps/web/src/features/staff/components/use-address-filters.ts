import { useSearchParams } from 'react-router';

/**
 * A staff list's filters kept in the address bar, so a view can be shared and reloaded: the
 * current parameters, one filter set (an empty value removes it) and all of `keys` cleared. Each
 * change replaces the history entry rather than adding one.
 */
export function useAddressFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const change = (edit: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        edit(next);
        return next;
      },
      { replace: true },
    );
  return {
    params,
    setFilter: (key: K, value: string) =>
      change((next) => (value ? next.set(key, value) : next.delete(key))),
    clearFilters: () =>
      change((next) => {
        for (const key of keys) next.delete(key);
      }),
  };
}
