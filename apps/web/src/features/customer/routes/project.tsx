import { ArrowLeft, ClipboardList, RotateCcw } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { displayNameOf } from '@noise/shared/display-name';
import { formatMoney, formatMoneyGst } from '@noise/shared/pricing';
import type { Project } from '@noise/shared/project';
import { orderName } from '@noise/shared/project-constants';
import { Deliverables } from '@/components/messages/deliverables';
import { MessageThread } from '@/components/messages/message-thread';
import { useThread } from '@/components/messages/messages-api';
import { SignedProposalButton } from '@/components/proposals/signed-proposal-button';
import { Button } from '@/components/ui/button';
import { FullScreenSpinner, Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useCurrentUser } from '@/lib/current-user';
import { useSiteConfig } from '@/lib/site-config';
import { usePageMeta } from '@/lib/use-page-meta';
import { useBrief } from '../api/brief';
import { useProjectPayments } from '../api/project-billing';
import { useProject } from '../api/get-project';
import { BriefEntries } from '../components/brief-entries';
import { BriefForm } from '../components/brief-form';
import { useCompanyCan } from '../components/company-role';
import { CustomerPage } from '../components/customer-page';
import { orderAgainHref } from '../components/order-again';
import { ProjectPayments, ProjectSubscription } from '../components/project-billing';
import { ProjectCard } from '../components/project-card';
import { ProjectTimeline, type TimelineEntry } from '../components/project-timeline';
import { RequestPlans } from '../components/request-plans';

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-card border-2 border-ink bg-paper p-6 sm:p-8">
      <h2 id={id} className="text-2xl font-extrabold">
        {title}
      </h2>
      <div className="mt-5">{children}</div>
    </section>
  );
}

function Brief({ project }: { project: Project }) {
  const brief = useBrief(project._id);
  const waiting = !project.briefSubmitted;
  return (
    <section
      id="brief"
      aria-labelledby="project-brief"
      className="scroll-mt-28 rounded-card border-2 border-ink bg-paper p-6 sm:p-8"
    >
      <h2 id="project-brief" className="text-2xl font-extrabold">
        Brief
      </h2>
      <div className="mt-5 flex flex-col gap-6">
        {brief.isPending ? <Spinner label="Loading the brief" /> : null}
        {brief.isError ? (
          <p className="text-danger">The brief could not be loaded: {errorMessage(brief.error)}</p>
        ) : null}
        {brief.data?.length ? (
          <BriefEntries projectId={project._id} entries={brief.data} canCorrect />
        ) : null}
        {brief.data && brief.data.length === 0 && !waiting ? (
          <p className="text-muted">Nothing here yet.</p>
        ) : null}
        <BriefForm projectId={project._id} first={waiting} />
      </div>
    </section>
  );
}

/**
 * What happened besides the status updates: the brief, deliverables and the customer's word, and
 * refunds; each as far as the person's company role shows it.
 */
function useProjectEvents(
  project: Project,
  shows: { work: boolean; billing: boolean },
): TimelineEntry[] {
  const projectId = project._id;
  const { proposalSignedAt, balanceRequestedAt } = project;
  const deposit = project.money.depositCents > 0;
  const brief = useBrief(projectId, shows.work).data ?? [];
  const deliverables = useThread(projectId, shows.work).data?.deliverables ?? [];
  const payments = useProjectPayments(projectId, shows.billing).data ?? [];
  const events: TimelineEntry[] = brief.map((entry, index) => ({
    key: `brief-${entry._id}`,
    title: index === 0 ? 'You sent your brief' : 'You added to your brief',
    date: entry.createdAt,
    at: entry.createdAt,
  }));
  for (const d of deliverables) {
    const label = `${d.name}, version ${d.version}`;
    events.push({
      key: `deliverable-${d._id}`,
      title: `Ready for your approval: ${label}`,
      date: d.createdAt,
      at: d.createdAt,
    });
    if (d.decision) {
      events.push({
        key: `decision-${d._id}`,
        title:
          d.decision.kind === 'approved'
            ? `You approved ${label}`
            : `You asked for changes to ${label}`,
        date: d.decision.at,
        at: d.decision.at,
      });
    }
  }
  // Every payment that went through, by what it was (docs/product.md#project-page).
  for (const payment of payments) {
    if (payment.status !== 'succeeded') continue;
    const amount = formatMoneyGst(payment.amountCents, 'inc', payment.currency);
    const title =
      payment.kind === 'balance'
        ? 'Balance paid'
        : payment.kind === 'renewal'
          ? 'Payment received: renewal'
          : payment.kind === 'plan_change'
            ? 'Payment received: plan change'
            : deposit
              ? 'Deposit paid'
              : 'Payment received';
    events.push({
      key: `payment-${payment._id}`,
      title,
      date: payment.createdAt,
      description: `${amount}, tax invoice ${payment.invoiceNumber} in Payments below.`,
      at: payment.createdAt,
    });
  }
  if (shows.billing && balanceRequestedAt) {
    events.push({
      key: 'balance-requested',
      title: 'Balance requested',
      date: balanceRequestedAt,
      at: balanceRequestedAt,
    });
  }
  if (proposalSignedAt) {
    events.push({
      key: 'proposal-signed',
      title: 'Proposal signed',
      date: proposalSignedAt,
      at: proposalSignedAt,
    });
  }
  // Money given back (docs/product.md#refunds): once the refund went through.
  for (const refund of payments.flatMap((p) => p.refunds)) {
    if (refund.status !== 'succeeded') continue;
    events.push({
      key: `refund-${refund._id}`,
      title: `Refund of ${formatMoney(refund.amountCents, refund.currency)} processed`,
      date: refund.createdAt,
      description: `Adjustment note ${refund.noteNumber}, in Payments below.`,
      at: refund.createdAt,
    });
  }
  return events;
}

function Timeline({
  project,
  contactUrl,
  shows,
}: {
  project: Project;
  contactUrl: string | undefined;
  shows: { work: boolean; billing: boolean };
}) {
  const events = useProjectEvents(project, shows);
  const viewer = useCurrentUser().data;
  // Someone else of the company placed it: the first entry says who.
  const orderedBy =
    viewer && viewer._id !== project.user._id
      ? displayNameOf(project.user.profile) || project.user.email
      : null;
  return (
    <ProjectTimeline
      project={project}
      contactUrl={contactUrl}
      events={events}
      orderedBy={orderedBy}
    />
  );
}

/** docs/product.md#project-page: /dashboard/projects/{projectId}. */
export function ProjectRoute() {
  const { projectId = '' } = useParams();
  const { isAuthenticated } = useAuth();
  const project = useProject(projectId);
  usePageMeta(
    project.data
      ? `${project.data.service.title}, ${orderName(project.data.orderNumber)}`
      : 'Your project',
  );
  const contactUrl = useSiteConfig().data?.contactUrl;
  const companyCan = useCompanyCan();

  if (isAuthenticated && (project.isPending || !companyCan)) {
    return <FullScreenSpinner label="Loading your project" />;
  }
  if (!isAuthenticated || project.isError || !project.data) {
    return (
      <CustomerPage>
        <h1 className="text-4xl font-extrabold sm:text-5xl">Your project</h1>
        <p role="alert" className="mt-6">
          Failed to fetch project data
        </p>
        <Button asChild variant="outline" className="mt-6">
          <Link to="/dashboard/projects">Back to Projects</Link>
        </Button>
      </CustomerPage>
    );
  }

  const data = project.data;
  // docs/product.md#client-companies: Billing sees no brief or messages, a Member no payments.
  const shows = { work: companyCan!('work'), billing: companyCan!('billing') };
  const reorder = data.status === 'completed' && companyCan!('order') ? orderAgainHref(data) : null;
  return (
    <CustomerPage>
      <Button asChild variant="ghost" size="sm" className="-ml-2">
        <Link to="/dashboard/projects">
          <ArrowLeft aria-hidden="true" />
          Projects
        </Link>
      </Button>
      <h1 className="mt-3 text-3xl font-extrabold break-words sm:text-5xl">
        {data.service.title}{' '}
        <span className="text-xl font-bold whitespace-nowrap text-muted sm:text-2xl">
          {orderName(data.orderNumber)}
        </span>
      </h1>

      {isAuthenticated ? <RequestPlans planId={data._id} canSubmit={shows.work} /> : null}

      {!data.briefSubmitted && shows.work ? (
        <div className="mt-6 flex flex-col gap-4 rounded-card bg-accent p-6 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex gap-3">
            <ClipboardList aria-hidden="true" className="mt-1 size-6 shrink-0" />
            <div>
              <p className="text-xl font-extrabold">Waiting for your brief</p>
              <p>Send your requirements so your team can get started.</p>
            </div>
          </div>
          <Button asChild variant="secondary">
            <a href="#brief">Submit Requirements</a>
          </Button>
        </div>
      ) : null}

      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="flex min-w-0 flex-col gap-8">
          <Section id="project-timeline" title="Timeline">
            <Timeline project={data} contactUrl={contactUrl} shows={shows} />
            {reorder ? (
              <Button asChild size="lg" className="mt-8">
                <Link to={reorder}>
                  <RotateCcw aria-hidden="true" />
                  Order Again
                </Link>
              </Button>
            ) : null}
          </Section>
          {shows.work ? (
            <>
              <Deliverables projectId={data._id} customer>
                {(list) => (
                  <Section id="deliverables" title="Deliverables">
                    {list}
                  </Section>
                )}
              </Deliverables>
              <Section id="messages" title="Messages">
                <MessageThread thread={{ kind: 'project', id: data._id }} team={false} />
              </Section>
              <Brief project={data} />
            </>
          ) : null}
          {shows.billing ? (
            <Section id="project-payments" title="Payments">
              <ProjectPayments projectId={data._id} money={data.money} />
            </Section>
          ) : null}
          {shows.billing && data.package.type !== 'one-time' ? (
            <Section id="project-subscription" title="Subscription">
              <ProjectSubscription projectId={data._id} serviceTitle={data.service.title} />
            </Section>
          ) : null}
        </div>
        <aside
          aria-label="Project details"
          className="flex flex-col gap-4 lg:sticky lg:top-28 lg:self-start"
        >
          <ProjectCard project={data} />
          {data.proposalSigned && data.quoteId ? (
            <SignedProposalButton quoteId={data.quoteId} className="self-start" />
          ) : null}
        </aside>
      </div>
    </CustomerPage>
  );
}
