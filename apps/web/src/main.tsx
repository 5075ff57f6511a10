import '@/app/zod-without-eval';
import './index.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { prefetchLandingRoute } from '@/app/prefetch';

// The headings' face arrives after the page: text is drawn at once in the fallback face.
void import('@fontsource-variable/bricolage-grotesque');

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <App />
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
