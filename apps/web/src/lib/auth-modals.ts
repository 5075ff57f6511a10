import { useSyncExternalStore } from 'react';

/** Which auth modal is open. The header and the order panel open them; app/ mounts them. */
export type AuthModal = 'sign-in' | 'sign-up' | null;

/** Where a visitor was going when a modal asked them to sign in (the payment page, its order). */
export interface AuthDestination {
  to: string;
  state?: unknown;
}

let current: AuthModal = null;
let destination: AuthDestination | null = null;
const listeners = new Set<() => void>();

function set(next: AuthModal) {
  current = next;
  // Closing the modal without signing in drops the errand; swapping between the two keeps it.
  if (next === null) destination = null;
  for (const listener of listeners) listener();
}

export const openSignIn = () => set('sign-in');
export const openSignUp = () => set('sign-up');
export const closeAuthModal = () => set(null);

/** Opens sign-in and carries on to `next` once the visitor has signed in. */
export function openSignInFor(next: AuthDestination) {
  destination = next;
  set('sign-in');
}

/** Opens sign-up and carries on to `next` after signing up, in, or continuing as a guest. */
export function openSignUpFor(next: AuthDestination) {
  destination = next;
  set('sign-up');
}

/** The destination the modal is open for, left in place (a provider's sign-in carries it). */
export const peekAuthDestination = () => destination;

/** The destination the modal was opened for, once; null means the usual one (/dashboard). */
export function takeAuthDestination(): AuthDestination | null {
  const next = destination;
  destination = null;
  return next;
}

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
