import { ExternalLink, LayoutDashboard, LogOut, Menu, ShieldCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { can } from '@noise/shared/permissions';
import { displayNameOf } from '@noise/shared/display-name';
import { Button } from '@/components/ui/button';
import { NavLink } from '@/components/ui/nav-link';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import NotificationBell from '@/components/notifications/notification-bell';
import { Sheet } from '@/components/ui/sheet';
import { useAuth, useSignOut } from '@/lib/auth';
import { useCurrentUser } from '@/lib/current-user';
import { initialOf } from '@/lib/format';
import { useSiteConfig } from '@/lib/site-config';
import { cn } from '@/lib/utils';
import { staffNavigation } from './staff-navigation';

function SideNavigation({
  onNavigate,
  tone = 'dark',
}: {
  onNavigate?: () => void;
  /** 'dark' on the ink sidebar, 'light' in the narrow-screen sheet. */
  tone?: 'dark' | 'light';
}) {
  const { userRole } = useAuth();
  const entries = staffNavigation.filter((entry) => can(userRole, entry.permission));
  return (
    <nav aria-label="Dashboard">
      <ul className="flex flex-col gap-1">
        {entries.map(({ label, to, Icon }) => (
          <li key={label}>
            <NavLink
              to={to ? `/wkm-dashboard/${to}` : '/wkm-dashboard'}
              end={to === ''}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-semibold transition-colors',
                  isActive
                    ? 'bg-accent text-ink'
                    : tone === 'dark'
                      ? 'text-paper/80 hover:bg-paper/10 hover:text-paper'
                      : 'text-ink/80 hover:bg-ink/5 hover:text-ink',
                )
              }
            >
              <Icon aria-hidden="true" className="size-4.5" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function StaffUserMenu() {
  const navigate = useNavigate();
  const signOut = useSignOut('/wkm-login');
  const user = useCurrentUser().data;
  const name = user ? displayNameOf(user.profile) || user.email : '';
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Account menu"
        className="grid size-10 cursor-pointer place-items-center rounded-full bg-ink font-display font-bold text-accent focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-strong"
      >
        <span aria-hidden="true">{initialOf(name || 'Staff')}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {name ? <DropdownMenuLabel>{name}</DropdownMenuLabel> : null}
        <DropdownMenuItem onSelect={() => navigate('/wkm-dashboard')}>
          <LayoutDashboard aria-hidden="true" />
          Dashboard
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/wkm-dashboard/account')}>
          <ShieldCheck aria-hidden="true" />
          Your account
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function Brand() {
  return (
    <Link
      to="/wkm-dashboard"
      className="inline-flex items-center gap-2 rounded-lg font-display text-xl font-extrabold text-paper"
    >
      <span
        aria-hidden="true"
        className="grid size-8 place-items-center rounded-lg bg-paper text-ink"
      >
        N
      </span>
      noise<span className="-ml-2 text-accent">.</span>
      <span className="rounded-full bg-paper/10 px-2 py-0.5 text-xs font-semibold tracking-wide">
        STAFF
      </span>
    </Link>
  );
}

/** The staff frame: header, side navigation and footer (docs/product.md#staff-access-and-frame). */
export function StaffShell({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const companyName = useSiteConfig().data?.companyName ?? '';
  return (
    <div className="min-h-dvh bg-canvas lg:grid lg:grid-cols-[16rem_minmax(0,1fr)]">
      <aside className="hidden bg-ink px-4 py-6 lg:sticky lg:top-0 lg:flex lg:h-dvh lg:flex-col lg:gap-8 lg:overflow-y-auto">
        <div className="px-2">
          <Brand />
        </div>
        <SideNavigation />
      </aside>
      <div className="flex min-h-dvh min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-line bg-paper px-4 sm:px-6">
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label="Open navigation"
            onClick={() => setMenuOpen(true)}
          >
            <Menu aria-hidden="true" />
          </Button>
          <div className="ml-auto flex items-center gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to="/">
                View Live Site
                <ExternalLink aria-hidden="true" />
              </Link>
            </Button>
            <NotificationBell />
            <StaffUserMenu />
          </div>
        </header>
        <main id="main" className="min-w-0 flex-1 px-4 py-8 sm:px-6 lg:px-10">
          {children}
        </main>
        <footer className="border-t border-line px-4 py-5 text-sm text-muted sm:px-6 lg:px-10">
          © {new Date().getFullYear()} {companyName}. Staff dashboard.
        </footer>
      </div>
      <Sheet open={menuOpen} onOpenChange={setMenuOpen} side="left" title="Navigation">
        <SideNavigation tone="light" onNavigate={() => setMenuOpen(false)} />
      </Sheet>
    </div>
  );
}
