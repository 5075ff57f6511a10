import { useSyncExternalStore } from 'react';

/**
 * Toasts without putting the toast library on every page's first load: the first toast loads it
 * (components/ui/toast-host mounts it) and anything asked for meanwhile is shown once it is there.
 */
type ToastFn = (kind: 'error' | 'success', title: string, description?: string) => void;

let show: ToastFn | null = null;
let wanted = false;
const queue: Parameters<ToastFn>[] = [];
const listeners = new Set<() => void>();

function request(...args: Parameters<ToastFn>) {
  if (show) {
    show(...args);
    return;
  }
  queue.push(args);
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
}

export function toastError(title: string, description?: string) {
  request('error', title, description);
}

export function toastSuccess(title: string, description?: string) {
  request('success', title, description);
}

/** Called by the mounted toaster: flushes what was asked for before it loaded. */
export function registerToaster(fn: ToastFn): () => void {
  show = fn;
  for (const args of queue.splice(0)) fn(...args);
  return () => {
    if (show === fn) show = null;
  };
}

export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}
