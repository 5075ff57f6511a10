import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useSeen } from '@/lib/use-seen';
import { Header } from './header';

// The footer starts below the fold on every page: its chunk (and the industries it lists) loads
// as the reader nears it, not with the page.
const Footer = lazy(() => import('./footer').then((m) => ({ default: m.Footer })));

export function PublicLayout() {
  const [observeFooter, footerNear] = useSeen<HTMLDivElement>();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-ink px-5 py-3 font-semibold text-paper focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Header />
      {/* At least a screen tall: the footer starts below the fold, so a page's content arriving
          after its spinner never pushes visible things down (no layout shift). */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 focus:outline-none">
        <Outlet />
      </main>
      {footerNear ? (
        <Suspense fallback={<div className="min-h-96 bg-ink" />}>
          <Footer />
        </Suspense>
      ) : (
        <div ref={observeFooter} className="min-h-96 bg-ink" />
      )}
    </div>
  );
}
