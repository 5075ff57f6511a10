import { Navigate, useLocation } from 'react-router';
import { displayNameOf } from '@noise/shared/display-name';
import { can } from '@noise/shared/permissions';
import { seesOnlyAssigned } from '@noise/shared/roles';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { checkUser } from '@/lib/check-user';
import { useCurrentUser } from '@/lib/current-user';
import { usePageMeta } from '@/lib/use-page-meta';
import { EmptyState } from '../components/page-header';
import { useToastOnError } from '../components/use-toast-on-error';
import { useOverview } from '../overview/api/get-overview';
import { useSetupChecklist } from '../overview/api/get-setup';
import {
  LatestSalesCard,
  NeedsCoordinatorCard,
  NewCustomersCard,
  OverviewCardsSkeleton,
  RevenueCard,
} from '../overview/components/overview-cards';
import { SetupChecklistCard } from '../overview/components/setup-checklist';

/**
 * /wkm-dashboard: the overview, except straight after signing in a co-ordinator starts from My
 * Work, their assigned and dated work (the Dashboard stays one click away).
 */
export function StaffHomeRoute() {
  const { userRole } = useAuth();
  const location = useLocation();
  const signedIn = (location.state as { signedIn?: boolean } | null)?.signedIn === true;
  if (signedIn && seesOnlyAssigned(userRole)) {
    return <Navigate to="/wkm-dashboard/my-work" replace />;
  }
  return <OverviewRoute />;
}

export function OverviewRoute() {
  usePageMeta('Dashboard');
  // Its role decides what is shown: an answer that does not match is an error, not a guess.
  const user = useCurrentUser(checkUser);
  useToastOnError(user.error, 'Could not load your account');
  const overview = useOverview();
  const setup = useSetupChecklist(can(user.data?.role, 'site-users:manage'));
  useToastOnError(overview.error, 'Could not load the overview');
  const name = user.data ? displayNameOf(user.data.profile) || user.data.email : undefined;

  return (
    <div>
      <h1 className="text-4xl font-extrabold sm:text-5xl">
        {name ? `Welcome, ${name}` : <Skeleton className="h-12 w-72" />}
      </h1>
      <p className="mt-2 text-lg text-muted">Here&apos;s your latest Overview</p>
      <div className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-2 2xl:grid-cols-3">
        {overview.isPending ? (
          <OverviewCardsSkeleton />
        ) : overview.isError ? (
          <div className="md:col-span-2">
            <EmptyState title="The overview could not be loaded">
              <Button className="mt-2" onClick={() => void overview.refetch()}>
                Try again
              </Button>
            </EmptyState>
          </div>
        ) : (
          <>
            {setup.data ? <SetupChecklistCard items={setup.data} /> : null}
            {overview.data.needsCoordinator.length > 0 ? (
              <NeedsCoordinatorCard sales={overview.data.needsCoordinator} />
            ) : null}
            <RevenueCard revenue={overview.data.revenue} />
            <LatestSalesCard sales={overview.data.salesData} />
            <NewCustomersCard clients={overview.data.clients} />
          </>
        )}
      </div>
    </div>
  );
}
