import type { QueryClient } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { companyCan, companyRoleLabels } from '@noise/shared/company-roles';
import { displayNameOf } from '@noise/shared/display-name';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '@/components/ui/accordion';
import { Button } from '@/components/ui/button';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { currentUserQuery, useCurrentUser } from '@/lib/current-user';
import { initialOf } from '@/lib/format';
import { usePageMeta } from '@/lib/use-page-meta';
import { useSeen } from '@/lib/use-seen';
import { ConfirmEmailNotice } from '../components/confirm-email-notice';
import { CustomerPage } from '../components/customer-page';
import {
  AskQuestionSkeleton,
  NeedsActionSkeleton,
  QuestionsSkeleton,
  RecentlyViewedSkeleton,
} from '../components/dashboard-skeletons';

// The panels that read the API (and check its answers with zod) are one chunk, loaded once the
// greeting is on screen; each draws its loading state meanwhile, as it does while its data loads
// (docs/decisions/114).
const loadPanels = () => import('../components/dashboard-panels');
const NeedsActionList = lazy(() => loadPanels().then((m) => ({ default: m.NeedsActionList })));
const RequestPlans = lazy(() => loadPanels().then((m) => ({ default: m.RequestPlans })));
const YourQuestions = lazy(() => loadPanels().then((m) => ({ default: m.YourQuestions })));
const RecentlyViewed = lazy(() => loadPanels().then((m) => ({ default: m.RecentlyViewed })));
// The question form (the composer, its files and checks) loads when its section comes near, or
// once the browser is idle after the page is drawn: there before the reader scrolls to it, never
// in the way of the greeting.
const AskQuestionForm = lazy(() =>
  import('../components/ask-question-form').then((m) => ({ default: m.AskQuestionForm })),
);

const faqs = [
  {
    question: 'What happens after I order?',
    answer:
      'Your co-ordinator gets in touch within one business day to confirm your requirements, then your project appears under Projects with every update as it happens.',
  },
  {
    question: 'What if I am not happy with the result?',
    answer:
      'Tell us. We revise until it is right, and if you are still unhappy within 90 days of ordering we give you a full refund.',
  },
  {
    question: 'Can I change or cancel a recurring package?',
    answer:
      'Yes. Contact your co-ordinator before the next billing date and we will change or stop it. There are no lock-in contracts.',
  },
  {
    question: 'Are prices shown with GST?',
    answer:
      'Prices on service pages exclude GST. The checkout shows GST separately and the total you will be charged.',
  },
];

/**
 * True from the frame after the first one drawn: what waits for it does not hold up the page. A
 * transition, so that React draws the panels in slices, yielding to the browser between them.
 */
function useDrawn(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => startTransition(() => setDrawn(true)));
    return () => cancelAnimationFrame(frame);
  }, []);
  return drawn;
}

/** True once the browser has had nothing to do for a moment (or a second has passed) after `from`. */
function useIdleAfter(from: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!from || idle) return;
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => startTransition(() => setIdle(true)), {
        timeout: 3000,
      });
      return () => cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => startTransition(() => setIdle(true)), 1000);
    return () => window.clearTimeout(timer);
  }, [from, idle]);
  return idle;
}

/** A lazy panel once the page is drawn, its loading state until then and while it loads. */
function Later({
  when,
  loading,
  children,
}: {
  when: boolean;
  loading: ReactNode;
  children: ReactNode;
}) {
  return when ? <Suspense fallback={loading}>{children}</Suspense> : loading;
}

/**
 * 'Ask us anything' (docs/product.md#ask-us-anything): a question outside any order, and the
 * company's questions so far. Billing people, who read no messages, do not see it.
 */
function AskUsAnything({ drawn }: { drawn: boolean }) {
  const [observeForm, formNear] = useSeen<HTMLDivElement>('200px');
  const idle = useIdleAfter(drawn);
  return (
    <section
      id="ask-us-anything"
      aria-labelledby="ask-us-anything-title"
      className="mt-14 grid gap-8 lg:grid-cols-2"
    >
      <div className="rounded-card border-2 border-ink bg-paper p-5 sm:p-8">
        <h2 id="ask-us-anything-title" className="text-3xl font-extrabold">
          Ask us anything
        </h2>
        <p className="mt-2 mb-5 text-muted">
          Not about an order? Ask here: we answer in a conversation you can follow on this page and
          by email.
        </p>
        <div ref={observeForm}>
          <Later when={drawn && (formNear || idle)} loading={<AskQuestionSkeleton />}>
            <AskQuestionForm />
          </Later>
        </div>
      </div>
      <div className="min-w-0">
        <h3 className="text-2xl font-extrabold">Your questions</h3>
        <div className="mt-4">
          <Later when={drawn} loading={<QuestionsSkeleton />}>
            <YourQuestions />
          </Later>
        </div>
      </div>
    </section>
  );
}

/**
 * A first visit straight to the dashboard asks for the user while the session is checked; the
 * panels ask for theirs once they have loaded, after the greeting is drawn.
 */
export function prefetch(queryClient: QueryClient) {
  void queryClient.prefetchQuery(currentUserQuery);
}

export function DashboardRoute() {
  usePageMeta('Dashboard');
  const user = useCurrentUser();
  const drawn = useDrawn();
  if (!user.data) return <FullScreenSpinner label="Loading your profile" />;
  const name = displayNameOf(user.data.profile) || user.data.email;
  const company = user.data.company;

  return (
    <CustomerPage>
      <section className="flex flex-col gap-6 rounded-card bg-ink p-8 text-paper sm:flex-row sm:items-center sm:p-10">
        <span
          aria-hidden="true"
          className="grid size-20 shrink-0 place-items-center rounded-full bg-accent font-display text-4xl font-extrabold text-ink"
        >
          {initialOf(name)}
        </span>
        <div className="flex-1">
          <h1 className="text-4xl font-extrabold sm:text-5xl">Hello, {name}</h1>
          <p className="mt-2 text-paper/75">
            {company && company.role !== 'owner'
              ? `${companyRoleLabels[company.role]} at ${company.name}. `
              : ''}
            Good to see you. Here is what is happening.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to="/dashboard/projects">
              Projects
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          {!company || companyCan(company.role, 'files') ? (
            <Button asChild size="lg" variant="outline-inverted">
              <Link to="/dashboard/files">Files</Link>
            </Button>
          ) : null}
          {company?.role === 'owner' ? (
            <Button asChild size="lg" variant="outline-inverted">
              <Link to="/dashboard/team">Your team</Link>
            </Button>
          ) : null}
          {!company || companyCan(company.role, 'billing') ? (
            <Button asChild size="lg" variant="outline-inverted">
              <Link to="/dashboard/billing">Billing</Link>
            </Button>
          ) : null}
          <Button asChild size="lg" variant="outline-inverted">
            <Link to="/dashboard/profile">Profile</Link>
          </Button>
        </div>
      </section>

      <section
        aria-labelledby="needs-action"
        className="mt-8 rounded-card border-2 border-ink bg-paper p-5 sm:p-8"
      >
        <h2 id="needs-action" className="text-3xl font-extrabold">
          Needs your action
        </h2>
        <div className="mt-4">
          <Later when={drawn} loading={<NeedsActionSkeleton />}>
            <NeedsActionList />
          </Later>
        </div>
      </section>

      {/* Drawn only when the company has a request plan: nothing while it loads. */}
      <Later when={drawn} loading={null}>
        <RequestPlans canSubmit={!company || companyCan(company.role, 'work')} />
      </Later>

      {user.data.emailVerified ? null : (
        <div className="mt-8">
          <ConfirmEmailNotice email={user.data.email} />
        </div>
      )}

      {!company || companyCan(company.role, 'work') ? <AskUsAnything drawn={drawn} /> : null}

      <section aria-labelledby="recently-viewed" className="mt-14">
        <h2 id="recently-viewed" className="text-3xl font-extrabold">
          Recently Viewed
        </h2>
        <div className="mt-6">
          <Later when={drawn} loading={<RecentlyViewedSkeleton />}>
            <RecentlyViewed />
          </Later>
        </div>
      </section>

      <section aria-labelledby="dashboard-faqs" className="mt-14 max-w-3xl">
        <h2 id="dashboard-faqs" className="text-3xl font-extrabold">
          Frequently asked questions
        </h2>
        <Accordion type="single" collapsible className="mt-4">
          {faqs.map((faq, index) => (
            <AccordionItem key={faq.question} value={`faq-${index}`}>
              <AccordionTrigger>{faq.question}</AccordionTrigger>
              <AccordionContent>{faq.answer}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </section>
    </CustomerPage>
  );
}
