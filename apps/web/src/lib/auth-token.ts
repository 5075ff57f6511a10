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

export function setToken(token: string): void {
  current = token;
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Private mode without storage: the session lasts as long as the tab.
  }
  emit();
}

export function clearToken(): void {
  current = null;
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
