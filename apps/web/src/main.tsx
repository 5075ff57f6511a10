import '@/app/zod-without-eval';
import './index.css';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { prefetchLandingRoute } from '@/app/prefetch';

// The headings' face arrives after the page: text is drawn at once in the fallback face.
void import('@fontsource-variable/bricolage-grotesque');

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

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
 * for (docs/decisions/096-held-clicks.md). Renders nothing: the markup is the server's.
 */
function ReplayHeldClick() {
  useEffect(() => {
    window.__replayHeldClick = replayHeldClick;
    replayHeldClick();
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <App />
    <ReplayHeldClick />
  </StrictMode>
);

// The first render waits for the page's own code (preloaded by the server), so that it draws
// the page rather than a spinner. A public page the server drew (entry-server.tsx) is hydrated:
// the markup is already on screen and React attaches to it. Any other page is drawn here. Both
// run as a transition: React yields to the browser every few milliseconds instead of holding
// the main thread for the whole tree.
void prefetchLandingRoute(window.location.pathname).then(() =>
  startTransition(() => {
    if (root.firstElementChild) hydrateRoot(root, app);
    else createRoot(root).render(app);
  }),
);
