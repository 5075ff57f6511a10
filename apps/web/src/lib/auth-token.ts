/**
 * SPEC.md section 3: the token lives in localStorage under 'authToken' (TOKEN_STORAGE_KEY in
 * @noise/shared/auth). Repeated here so the first page load does not pull in that module's schemas.
 */
const TOKEN_STORAGE_KEY = 'authToken';

type Listener = () => void;
const listeners = new Set<Listener>();

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

let current = readStorage();

function emit() {
  for (const listener of listeners) listener();
}

/** The sign-in token (SPEC.md section 3: localStorage key 'authToken'). */
export function getToken(): string | null {
  return current;
}

/** Whether the last sign-out was the user's own (Logout), not an expired or refused session. */
let endedByUser = false;

export function setToken(token: string): void {
  current = token;
  endedByUser = false;
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Private mode without storage: the session lasts as long as the tab.
  }
  emit();
}

export function clearToken(options: { byUser?: boolean } = {}): void {
  current = null;
  endedByUser = options.byUser ?? false;
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
  emit();
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  // Signing in or out in another tab signs this one in or out too.
  function onStorage(event: StorageEvent) {
    if (event.key !== TOKEN_STORAGE_KEY && event.key !== null) return;
    current = readStorage();
    listener();
  }
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** True when the session just ended because the user logged out (guards then ask nothing). */
export function sessionEndedByUser(): boolean {
  return endedByUser;
}
