/**
 * 'Continue as guest' (docs/decisions/013-guest-checkout.md): this tab's visitor orders without
 * an account until they sign in. Kept in sessionStorage so a reload of the payment page stays in
 * guest mode, and in memory where storage is refused.
 */
const STORAGE_KEY = 'checkoutAsGuest';

let guest = readStorage();

function readStorage(): boolean {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

export function isGuestCheckout(): boolean {
  return guest;
}

export function startGuestCheckout(): void {
  guest = true;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, '1');
  } catch {
    // Private mode without storage: guest mode lasts until the page is reloaded.
  }
}

export function endGuestCheckout(): void {
  guest = false;
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
}
