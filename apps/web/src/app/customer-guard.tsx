import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { rememberedUser, sessionEndedByUser } from '@/lib/auth-token';
import { openSignInFor } from '@/lib/auth-modals';
import { isGuestCheckout } from '@/lib/guest-checkout';

/**
 * docs/product.md#customer-access: any signed-in user; everyone else goes to '/'. There the
 * sign-in modal opens and, once signed in, carries on to the page they asked for (a quote link,
 * a project from an email). With `allowGuests`, a visitor who chose 'Continue as guest' passes
 * too (the payment pages, docs/decisions/013).
 */
export function CustomerGuard({ allowGuests = false }: { allowGuests?: boolean }) {
  const { status } = useAuth();
  // A returning customer's page draws at once from the user remembered with this token while
  // the token is checked (docs/decisions/042); a refused token then signs them out as usual.
  if (status === 'loading' && !rememberedUser()) {
    return <FullScreenSpinner label="Checking your session" />;
  }
  if (status === 'unauthenticated' && !(allowGuests && isGuestCheckout())) {
    return <SignInFirst />;
  }
  return <Outlet />;
}

function SignInFirst() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    // Someone who just pressed Logout is not asked to sign in again.
    if (!sessionEndedByUser()) openSignInFor({ to: `${pathname}${search}` });
  }, [pathname, search]);
  return <Navigate to="/" replace />;
}
