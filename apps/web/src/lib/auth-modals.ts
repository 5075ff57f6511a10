import { useSyncExternalStore } from 'react';

/** Which auth modal is open. The header and the order panel open them; app/ mounts them. */
export type AuthModal = 'sign-in' | 'sign-up' | null;

let current: AuthModal = null;
const listeners = new Set<() => void>();

function set(next: AuthModal) {
  current = next;
  for (const listener of listeners) listener();
}

export const openSignIn = () => set('sign-in');
export const openSignUp = () => set('sign-up');
export const closeAuthModal = () => set(null);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useAuthModal(): AuthModal {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
