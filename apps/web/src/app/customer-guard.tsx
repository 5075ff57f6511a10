import { Navigate, Outlet } from 'react-router';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';

/** SPEC.md section 6: any signed-in user; everyone else goes to '/'. */
export function CustomerGuard() {
  const { status } = useAuth();
  if (status === 'loading') return <FullScreenSpinner label="Checking your session" />;
  if (status === 'unauthenticated') return <Navigate to="/" replace />;
  return <Outlet />;
}
