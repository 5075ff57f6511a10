import { useEffect } from 'react';

declare global {
  interface Window {
    /** The last button clicked before the app took it over (server/src/lib/app-start.ts). */
    __heldClick?: HTMLButtonElement;
    /** Set once the app runs: the page's starter calls it when it holds a click. */
    __replayHeldClick?: () => void;
  }
}

/** Whether React has attached its handlers to this element (it hydrated it). */
const isAppOwned = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith('__reactProps'));

/**
 * Clicks the held button again as soon as React has hydrated it, checking each frame for up to
 * ten seconds (a part of the page can hydrate after the rest); a later click replaces it.
 */
function replayHeldClick() {
  const held = window.__heldClick;
  if (!held) return;
  let frames = 0;
  const attempt = () => {
    if (window.__heldClick !== held) return;
    const owned = isAppOwned(held);
    if (!owned && held.isConnected && frames++ < 600) {
      requestAnimationFrame(attempt);
      return;
    }
    window.__heldClick = undefined;
    held.removeAttribute('aria-busy');
    if (owned && held.isConnected && !held.disabled) held.click();
  };
  attempt();
}

/**
 * Once the app has committed its first render, a click the page's starter held is replayed, so
 * a visitor who pressed 'Join' or 'Choose' while the app was still loading gets what they asked
 * for (docs/decisions/096-held-clicks.md). Renders nothing, on the server too: it is part of
 * AppContent so that the server's and the browser's trees, and so their useId values, match.
 */
export function ReplayHeldClick() {
  useEffect(() => {
    window.__replayHeldClick = replayHeldClick;
    replayHeldClick();
  }, []);
  return null;
}
