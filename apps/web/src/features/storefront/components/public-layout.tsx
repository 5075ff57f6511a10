import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';

export function PublicLayout() {
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
      <Footer />
    </div>
  );
}
