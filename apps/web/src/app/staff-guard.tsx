import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { isStaffRole } from '@noise/shared/roles';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';

/** docs/product.md#staff-access-and-frame: staff roles only; others go to /wkm-login. */
export function StaffGuard({ children }: { children: ReactNode }) {
  const { status, userRole } = useAuth();
  if (status === 'loading') return <FullScreenSpinner label="Checking your session" />;
  if (status === 'unauthenticated' || !isStaffRole(userRole)) {
    return <Navigate to="/wkm-login" replace />;
  }
  return children;
}
