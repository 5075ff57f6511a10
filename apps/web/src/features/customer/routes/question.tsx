import { ArrowLeft, FileSignature } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { MessageThread } from '@/components/messages/message-thread';
import { useQuestion } from '@/components/messages/questions-api';
import { Button } from '@/components/ui/button';
import { FullScreenSpinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';
import { CustomerPage } from '../components/customer-page';

const back = (
  <Button asChild variant="ghost" size="sm" className="-ml-2">
    <Link to="/dashboard#ask-us-anything">
      <ArrowLeft aria-hidden="true" />
      Dashboard
    </Link>
  </Button>
);

/**
 * /dashboard/questions/{id}: one 'Ask us anything' conversation (docs/product.md#ask-us-anything),
 * the same thread as a project's; a proposal made from it shows once it was sent.
 */
export function QuestionRoute() {
  const { questionId = '' } = useParams();
  const question = useQuestion(questionId);
  usePageMeta(question.data?.subject ?? 'Your question');
  if (question.isPending) return <FullScreenSpinner label="Loading your question" />;
  if (question.isError) {
    return (
      <CustomerPage>
        {back}
        <h1 className="mt-3 text-3xl font-extrabold sm:text-5xl">Your question</h1>
        <p role="alert" className="mt-6">
          {errorMessage(question.error, 'The question could not be loaded.')}
        </p>
      </CustomerPage>
    );
  }
  const data = question.data;
  return (
    <CustomerPage>
      {back}
      <p className="mt-3 text-sm font-bold tracking-wide text-muted uppercase">Ask us anything</p>
      <h1 className="mt-1 text-3xl font-extrabold wrap-anywhere sm:text-4xl">{data.subject}</h1>
      <p className="mt-2 text-muted">
        Asked by {data.askedBy}
        {data.status === 'closed' ? ' · Closed' : ''}
      </p>
      {data.quote ? (
        <div className="mt-6 flex flex-col gap-3 rounded-card bg-accent p-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex gap-3 font-semibold">
            <FileSignature aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            We made you a proposal: {data.quote.name}
          </p>
          <Button asChild variant="secondary">
            <Link to={`/custom-quote/${data.quote._id}`}>Open the proposal</Link>
          </Button>
        </div>
      ) : null}
      <section
        aria-labelledby="question-messages"
        className="mt-8 max-w-3xl rounded-card border-2 border-ink/10 bg-paper p-4 sm:p-6"
      >
        <h2 id="question-messages" className="mb-4 text-2xl font-extrabold">
          Messages
        </h2>
        <MessageThread
          thread={{ kind: 'question', id: data._id }}
          team={false}
          emptyText="No messages yet."
        />
      </section>
    </CustomerPage>
  );
}
