import type { QueryClient } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { companyCan, companyRoleLabels } from '@noise/shared/company';
import { displayNameOf } from '@noise/shared/display-name';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '@/components/ui/accordion';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { useQuestions } from '@/components/messages/questions-api';
import { errorMessage, isNotFound, toastApiError } from '@/lib/api-client';
import { currentUserQuery, useCurrentUser } from '@/lib/current-user';
import { formatPrice, initialOf } from '@/lib/format';
import { usePageMeta } from '@/lib/use-page-meta';
import { clientActionsQuery } from '../api/client-actions';
import { recentlyViewedQuery, useRecentlyViewed } from '../api/get-recently-viewed';
import { AskQuestionForm } from '../components/ask-question-form';
import { ConfirmEmailNotice } from '../components/confirm-email-notice';
import { NeedsAction } from '../components/needs-action';
import { RequestPlans } from '../components/request-plans';
import { CustomerPage } from '../components/customer-page';
import { QuestionList } from '../components/question-list';

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

function RecentlyViewed() {
  const recent = useRecentlyViewed();
  useEffect(() => {
    if (recent.error && !isNotFound(recent.error)) {
      toastApiError(recent.error, 'Could not load your recently viewed services');
    }
  }, [recent.error]);

  if (recent.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-28 rounded-card" />
        ))}
      </div>
    );
  }
  const entries = recent.data ?? [];
  if (entries.length === 0) {
    return (
      <p className="rounded-card border-2 border-dashed border-ink/20 p-6 text-muted">
        Services you look at will show up here.{' '}
        <Link to="/#mind-map" className="font-semibold text-accent-strong underline">
          Browse services
        </Link>
      </p>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {entries.map(({ service }) => (
        <li key={service._id}>
          <Link
            to={`/services/${service._id}`}
            className="flex items-center gap-4 rounded-card border-2 border-ink bg-paper p-4 transition-transform hover:-translate-y-0.5"
          >
            <img
              src={service.featurePhoto || '/service-placeholder.svg'}
              alt=""
              className="size-16 shrink-0 rounded-xl bg-ink object-cover"
            />
            <span>
              <span className="block font-display text-lg font-bold">{service.title}</span>
              <span className="text-sm text-muted">
                From {formatPrice(service.basePrice)} exc. GST
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Ask us anything' (docs/product.md#ask-us-anything): a question outside any order, and the
 * company's questions so far. Billing people, who read no messages, do not see it.
 */
function AskUsAnything() {
  const questions = useQuestions();
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
        <AskQuestionForm />
      </div>
      <div className="min-w-0">
        <h3 className="text-2xl font-extrabold">Your questions</h3>
        <div className="mt-4">
          {questions.isPending ? (
            <Skeleton className="h-24 rounded-card" />
          ) : questions.isError ? (
            <p role="alert" className="text-danger">
              {errorMessage(questions.error, 'Your questions could not be loaded.')}{' '}
              <Button variant="link" onClick={() => void questions.refetch()}>
                Try again
              </Button>
            </p>
          ) : questions.data.length === 0 ? (
            <p className="rounded-card border-2 border-dashed border-ink/20 p-6 text-muted">
              Questions you and your team ask show up here, with our answers.
            </p>
          ) : (
            <QuestionList questions={questions.data} />
          )}
        </div>
      </div>
    </section>
  );
}

/** A first visit straight to the dashboard asks for its data while the session is checked. */
export function prefetch(queryClient: QueryClient) {
  void queryClient.prefetchQuery(currentUserQuery);
  void queryClient.prefetchQuery(recentlyViewedQuery);
  void queryClient.prefetchQuery(clientActionsQuery);
}

export function DashboardRoute() {
  usePageMeta('Dashboard');
  const user = useCurrentUser();
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

      <NeedsAction />

      <RequestPlans canSubmit={!company || companyCan(company.role, 'work')} />

      {user.data.emailVerified ? null : (
        <div className="mt-8">
          <ConfirmEmailNotice email={user.data.email} />
        </div>
      )}

      {!company || companyCan(company.role, 'work') ? <AskUsAnything /> : null}

      <section aria-labelledby="recently-viewed" className="mt-14">
        <h2 id="recently-viewed" className="text-3xl font-extrabold">
          Recently Viewed
        </h2>
        <div className="mt-6">
          <RecentlyViewed />
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
