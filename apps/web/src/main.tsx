import '@/app/zod-without-eval';
import '@fontsource-variable/bricolage-grotesque';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { prefetchLandingRoute } from '@/app/prefetch';

prefetchLandingRoute(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
