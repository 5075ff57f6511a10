/**
 * docs/product.md#sessions: the token lives in localStorage under 'authToken' (TOKEN_STORAGE_KEY
 * in @noise/shared/auth). Repeated here so the first page load does not pull in that module's
 * schemas.
 */
const TOKEN_STORAGE_KEY = 'authToken';
/** The signed-in user as last seen, with the token it belongs to (rememberUser). */
const USER_STORAGE_KEY = 'noise:user';

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

/** The sign-in token (docs/product.md#sessions: localStorage key 'authToken'). */
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
    window.localStorage.removeItem(USER_STORAGE_KEY);
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

/**
 * The user of the current token as last seen (GET /api/auth/user), so that a returning
 * customer's pages draw at once with their name while the session is checked (lib/auth.tsx) and
 * the user asked for again. Kept next to the token it belongs to and forgotten with it; the
 * server decides every request, so this only ever shows the signed-in person their own name.
 */
export function rememberUser(user: { role: string }): void {
  if (!current) return;
  try {
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ token: current, user }));
  } catch {
    // Without storage the page waits for the check, as before.
  }
}

/** The remembered user, if it belongs to the current token. */
export function rememberedUser<T extends { role: string }>(): T | null {
  if (!current) return null;
  try {
    const stored = JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY) ?? 'null') as {
      token?: unknown;
      user?: T;
    } | null;
    return stored?.token === current && typeof stored.user?.role === 'string' ? stored.user : null;
  } catch {
    return null;
  }
}
