import { lazy, type ComponentType } from 'react';

/**
 * A page in its own chunk, as with React.lazy, that can also be loaded before the first render
 * (app/prefetch.ts does for the page a visit starts on). Once loaded it renders directly instead
 * of suspending: a first render that suspends shows the spinner, and React then reveals the page
 * no sooner than 300 ms after it, which on a phone was most of the wait for the largest content.
 */
export function lazyRoute<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  let Loaded: ComponentType | null = null;
  const preload = async (): Promise<M> => {
    const module = await load();
    Loaded ??= pick(module);
    return module;
  };
  const Lazy = lazy(async () => ({ default: pick(await preload()) }));
  function LazyRoute() {
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(LazyRoute, { preload });
}
