import { Link } from 'react-router';
import { navigationHref } from '@noise/shared/navigation';
import { Button } from '@/components/ui/button';
import { NavLink } from '@/components/ui/nav-link';
import { Sheet } from '@/components/ui/sheet';
import { useAuth, useSignOut } from '@/lib/auth';
import { openSignIn, openSignUp } from '@/lib/auth-modals';
import { cn } from '@/lib/utils';
import { SearchCombobox } from './search-combobox';
import { useNavigation } from '../api/get-navigation';

/** The narrow-screen menu: search, every navigation entry, and the account actions. */
export function MobileMenu({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { isAuthenticated } = useAuth();
  const signOut = useSignOut('/');
  const close = () => onOpenChange(false);
  const navigation = useNavigation();
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Menu">
      <SearchCombobox onNavigate={close} />
      <nav aria-label="Site" className="mt-6">
        <ul className="flex flex-col">
          {navigation.header.map((entry) => (
            <li key={`${entry.kind}:${entry.id}:${entry.label}`}>
              <NavLink
                to={navigationHref(entry)}
                onClick={close}
                className={({ isActive }) =>
                  cn(
                    'flex items-center justify-between border-b border-line py-3 font-display text-lg font-bold transition-colors hover:text-accent-strong',
                    isActive && 'text-accent-strong',
                  )
                }
              >
                {entry.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-8 flex flex-col gap-3">
        {isAuthenticated ? (
          <>
            <Button asChild variant="secondary">
              <Link to="/dashboard" onClick={close}>
                Dashboard
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/dashboard/projects" onClick={close}>
                Projects
              </Link>
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                close();
                void signOut();
              }}
            >
              Logout
            </Button>
          </>
        ) : (
          <>
            <Button
              onClick={() => {
                close();
                openSignUp();
              }}
            >
              Join
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                close();
                openSignIn();
              }}
            >
              Sign In
            </Button>
          </>
        )}
      </div>
    </Sheet>
  );
}
