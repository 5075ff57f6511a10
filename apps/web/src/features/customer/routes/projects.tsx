import type { QueryClient } from '@tanstack/react-query';
import { FolderOpen, Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Project } from '@noise/shared/project';
import { orderName } from '@noise/shared/project-constants';
import { OrderMoneyShort } from '@/components/payments/order-money';
import { Button } from '@/components/ui/button';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { currentUserQuery, useCurrentUser } from '@/lib/current-user';
import { formatDate } from '@/lib/format';
import { usePageMeta } from '@/lib/use-page-meta';
import { useUnreadCounts } from '@/components/messages/messages-api';
import { projectsQuery, useProjects } from '../api/get-projects';
import { useCompanyCan } from '../components/company-role';
import { CustomerPage } from '../components/customer-page';
import { ProjectStatusAction } from '../components/status-badge';

function Thumbnail({ src }: { src: string }) {
  return (
    <img
      src={src || '/service-placeholder.svg'}
      alt=""
      loading="lazy"
      onError={(event) => {
        if (!event.currentTarget.src.endsWith('/service-placeholder.svg')) {
          event.currentTarget.src = '/service-placeholder.svg';
        }
      }}
      className="size-14 shrink-0 rounded-xl bg-ink object-cover"
    />
  );
}

function Price({ project }: { project: Project }) {
  // A request costs nothing of its own: its plan is what is paid (docs/decisions/091).
  if (project.request) return <span className="text-sm text-muted">Included in your plan</span>;
  return <OrderMoneyShort money={project.money} />;
}

function ProjectRow({ project, unread = 0 }: { project: Project; unread?: number }) {
  const href = `/dashboard/projects/${encodeURIComponent(project._id)}`;
  return (
    <tr className="relative border-t-2 border-line transition-colors hover:bg-accent-soft/50 max-md:flex max-md:flex-col max-md:gap-3 max-md:p-4">
      <td className="md:py-4 md:pr-4 md:pl-5">
        <div className="flex items-center gap-4">
          <Thumbnail src={project.service.featurePhoto} />
          <div className="min-w-0">
            <Link
              to={href}
              className="font-display text-lg font-bold after:absolute after:inset-0 after:content-[''] hover:underline"
            >
              {project.service.title}
            </Link>
            {unread > 0 ? (
              <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-accent px-2 py-0.5 align-middle text-xs font-bold">
                {unread} new {unread === 1 ? 'message' : 'messages'}
              </span>
            ) : null}
            <p className="text-sm text-muted">
              {[
                project.request
                  ? `Request under ${project.request.planTitle}`
                  : project.package.title,
                orderName(project.orderNumber),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </div>
        </div>
      </td>
      <td className="text-sm md:px-4 md:py-4">
        <span className="text-muted md:sr-only">Ordered </span>
        {formatDate(project.startDate)}
      </td>
      <td className="md:px-4 md:py-4">
        <Price project={project} />
      </td>
      <td className="md:py-4 md:pr-5 md:pl-4">
        <ProjectStatusAction project={project} />
      </td>
    </tr>
  );
}

function EmptyProjects() {
  return (
    <div className="mt-8 flex flex-col items-center rounded-card border-2 border-dashed border-ink/25 bg-paper px-6 py-14 text-center">
      <FolderOpen aria-hidden="true" className="size-12 text-accent" />
      <h2 className="mt-4 text-2xl font-extrabold">No projects yet</h2>
      <p className="mt-2 max-w-md text-muted">
        When you order a package, it shows up here with every update from your team.
      </p>
      <Button asChild className="mt-6">
        <Link to="/#mind-map">Browse services</Link>
      </Button>
    </div>
  );
}

/** docs/product.md#projects-list: /dashboard/projects. */
/** A first visit straight to the list asks for it while the session is checked. */
export function prefetch(queryClient: QueryClient) {
  // The user remembered from the last visit names the list at once; otherwise it is asked first.
  const remembered = queryClient.getQueryData(currentUserQuery.queryKey);
  // The page shows what went wrong when it asks again.
  const user = queryClient.fetchQuery(currentUserQuery).catch(() => undefined);
  void (remembered ? Promise.resolve(remembered) : user).then((known) =>
    known ? queryClient.prefetchInfiniteQuery(projectsQuery(known._id)) : undefined,
  );
}

export function ProjectsRoute() {
  usePageMeta('Projects');
  const user = useCurrentUser();
  const userId = user.data?._id;
  const projects = useProjects(userId);
  const companyCan = useCompanyCan();
  // Billing reads no messages (docs/product.md#client-companies): no unread counts to ask for.
  const unread = useUnreadCounts(Boolean(userId) && companyCan?.('work') === true).data ?? {};
  const rowsRef = useRef<HTMLTableSectionElement>(null);
  // After 'Load more' the keyboard goes on to the first of the rows just added, not back to the
  // top of the page (the button may be gone when the last page came).
  const focusRow = useRef<number | null>(null);
  const shown = projects.data?.pages.reduce((sum, page) => sum + page.items.length, 0) ?? 0;
  useEffect(() => {
    const index = focusRow.current;
    if (index === null || shown <= index) return;
    focusRow.current = null;
    // The row's own link (its first); a row may also hold 'Order Again'.
    rowsRef.current?.rows[index]?.querySelector<HTMLAnchorElement>('a[href]')?.focus();
  }, [shown]);

  if (user.isPending || (userId && projects.isPending)) {
    return <FullScreenSpinner label="Loading your projects" />;
  }
  if (!userId) {
    return (
      <CustomerPage>
        <h1 className="text-4xl font-extrabold sm:text-5xl">Projects</h1>
        <p className="mt-6">User not found or not authenticated</p>
      </CustomerPage>
    );
  }
  if (!projects.data) {
    return (
      <CustomerPage>
        <h1 className="text-4xl font-extrabold sm:text-5xl">Projects</h1>
        <p role="alert" className="mt-6">
          Failed to fetch projects. Please try again later.
        </p>
      </CustomerPage>
    );
  }

  const list = projects.data.pages.flatMap((page) => page.items);
  const total = projects.data.pages[projects.data.pages.length - 1]?.total ?? list.length;

  function loadMore() {
    focusRow.current = list.length;
    void projects.fetchNextPage();
  }

  return (
    <CustomerPage>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-4xl font-extrabold sm:text-5xl">Projects</h1>
        <p className="text-muted">{`${total} ${total === 1 ? 'project' : 'projects'}`}</p>
      </div>
      {list.length === 0 ? (
        <EmptyProjects />
      ) : (
        <>
          <div className="mt-8 overflow-hidden rounded-card border-2 border-ink bg-paper">
            <table className="w-full border-collapse text-left max-md:block">
              <thead className="max-md:sr-only">
                <tr className="text-xs font-bold tracking-[0.15em] text-muted uppercase">
                  <th scope="col" className="py-4 pr-4 pl-5 font-bold">
                    Order Details
                  </th>
                  <th scope="col" className="px-4 py-4 font-bold">
                    Order Date
                  </th>
                  <th scope="col" className="px-4 py-4 font-bold">
                    Total
                  </th>
                  <th scope="col" className="py-4 pr-5 pl-4 font-bold">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody ref={rowsRef} className="max-md:block">
                {list.map((project) => (
                  <ProjectRow key={project._id} project={project} unread={unread[project._id]} />
                ))}
              </tbody>
            </table>
          </div>
          {projects.data.pages.length > 1 || projects.hasNextPage ? (
            <div className="mt-6 flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
              <p className="text-sm text-muted" aria-live="polite">
                {`Showing ${list.length} of ${total} projects`}
              </p>
              {projects.hasNextPage ? (
                <Button
                  variant="secondary"
                  className="max-sm:w-full"
                  onClick={loadMore}
                  disabled={projects.isFetchingNextPage}
                >
                  {projects.isFetchingNextPage ? (
                    <Loader2 aria-hidden="true" className="animate-spin" />
                  ) : null}
                  Load more
                </Button>
              ) : null}
            </div>
          ) : null}
          {projects.isFetchNextPageError ? (
            <p role="alert" className="mt-3 text-right text-sm text-danger">
              Could not load more projects. Please try again.
            </p>
          ) : null}
        </>
      )}
    </CustomerPage>
  );
}
