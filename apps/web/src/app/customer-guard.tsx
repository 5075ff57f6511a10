import { Navigate, Outlet } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { isGuestCheckout } from '@/lib/guest-checkout';

/**
 * SPEC.md section 6: any signed-in user; everyone else goes to '/'. With `allowGuests`, a visitor
 * who chose 'Continue as guest' passes too (the payment pages, docs/decisions/013).
 */
export function CustomerGuard({ allowGuests = false }: { allowGuests?: boolean }) {
  const { status } = useAuth();
  if (status === 'loading') return <FullScreenSpinner label="Checking your session" />;
  if (status === 'unauthenticated' && !(allowGuests && isGuestCheckout())) {
    return <Navigate to="/" replace />;
  }
  return <Outlet />;
}
