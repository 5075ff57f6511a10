import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { navigationHref } from '@noise/shared/navigation';
import { Button } from '@/components/ui/button';
import { NavLink } from '@/components/ui/nav-link';
import { useAuth } from '@/lib/auth';
import { openSignIn, openSignUp } from '@/lib/auth-modals';
import { cn } from '@/lib/utils';
import { Logo } from './logo';
import { SearchBar } from './search-bar';
import { useNavigation } from '../api/get-navigation';

// Menus and popovers load when they are needed, keeping them off a visitor's first page load.
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));
const AccountControls = lazy(() =>
  import('./account-controls').then((m) => ({ default: m.AccountControls })),
);

const SCROLL_THRESHOLD_PX = 10;
const WIDE_SCREEN_PX = 768;

/** docs/product.md#header-and-navigation: scrolled past 10 px on a screen wider than 768 px. */
function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    function update() {
      setScrolled(window.scrollY > SCROLL_THRESHOLD_PX && window.innerWidth > WIDE_SCREEN_PX);
    }
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);
  return scrolled;
}

export function Header() {
  const scrolled = useScrolled();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const { isAuthenticated, isLoading } = useAuth();
  const navigation = useNavigation();
  const accountPlaceholder = <span aria-hidden="true" className="size-11 rounded-full bg-ink/10" />;

  return (
    <header
      data-scrolled={scrolled || undefined}
      className={cn(
        'sticky top-0 z-40 border-b transition-shadow duration-300',
        scrolled ? 'border-line bg-paper shadow-header' : 'border-transparent bg-canvas',
      )}
    >
      <div
        className={cn(
          'mx-auto flex max-w-7xl items-center gap-4 px-4 transition-[height] duration-300 sm:px-6 lg:px-8',
          scrolled ? 'h-16' : 'h-18 md:h-20',
        )}
      >
        <Logo />
        <SearchBar className="ml-4 hidden md:block" />
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          {isAuthenticated ? (
            <>
              <Button asChild variant="secondary" size="sm" className="max-sm:hidden">
                <Link to="/dashboard">Dashboard</Link>
              </Button>
              <Suspense fallback={accountPlaceholder}>
                <AccountControls />
              </Suspense>
            </>
          ) : isLoading ? (
            // While a stored sign-in is checked: neither 'Sign In' nor a menu that may not stay.
            accountPlaceholder
          ) : (
            <>
              <Button variant="ghost" size="sm" className="max-sm:hidden" onClick={openSignIn}>
                Sign In
              </Button>
              <Button size="sm" onClick={openSignUp}>
                Join
              </Button>
            </>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuLoaded(true);
              setMenuOpen(true);
            }}
          >
            <Menu aria-hidden="true" />
          </Button>
        </div>
      </div>
      <nav aria-label="Services" className="hidden border-t border-ink/10 md:block">
        <ul
          className={cn(
            'mx-auto flex max-w-7xl items-center gap-1 overflow-x-auto px-4 transition-[padding] duration-300 sm:px-6 lg:px-6',
            scrolled ? 'py-1' : 'py-2',
          )}
        >
          {navigation.header.map((entry) => (
            <li key={`${entry.kind}:${entry.id}:${entry.label}`} className="shrink-0">
              <NavLink
                to={navigationHref(entry)}
                className={({ isActive }) =>
                  cn(
                    'block rounded-full px-3 py-1.5 text-sm font-semibold whitespace-nowrap transition-colors',
                    isActive ? 'bg-accent text-ink' : 'text-ink/80 hover:bg-ink hover:text-paper',
                  )
                }
              >
                {entry.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {menuLoaded ? (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />
        </Suspense>
      ) : null}
    </header>
  );
}
