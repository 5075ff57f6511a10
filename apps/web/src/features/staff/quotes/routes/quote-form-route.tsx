import { CheckCircle2 } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuestion } from '@/components/messages/questions-api';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { isNotFound } from '@/lib/api-client';
import { usePageMeta } from '@/lib/use-page-meta';
import { LoadFailed } from '../../components/load-failed';
import { StaffPageHeader } from '../../components/page-header';
import { useToastOnError } from '../../components/use-toast-on-error';
import { useQuote } from '../api/get-quote';
import { QuoteForm } from '../components/quote-form';
import { ProposalStatus } from '../components/proposal-status';
import { QuoteLinkPanel } from '../components/quote-link';

const back = { to: '/wkm-dashboard/custom-quotes', label: 'Back' };

/** /wkm-dashboard/custom-quotes/new and /wkm-dashboard/custom-quotes/edit/{id}. */
export function QuoteFormRoute() {
  const { id } = useParams();
  const title = id ? 'Edit Custom Quote' : 'New Custom Quote';
  usePageMeta(title);
  const quote = useQuote(id);
  // 'Turn into a quote' on a general question: its customer and text start the form.
  const [params] = useSearchParams();
  const questionId = id ? undefined : (params.get('question') ?? undefined);
  const question = useQuestion(questionId);
  useToastOnError(isNotFound(quote.error) ? null : quote.error, 'Could not load the quote');

  if (!id) {
    if (questionId && question.isPending) return <PageSpinner label="Loading the question" />;
    const from = question.data && {
      questionId: question.data._id,
      customer:
        question.data.askedById && question.data.askedByEmail
          ? {
              id: question.data.askedById,
              name: question.data.askedBy,
              email: question.data.askedByEmail,
            }
          : null,
      name: question.data.subject,
      summary: question.data.messages.find((m) => m.side === 'customer')?.text ?? '',
    };
    return (
      <div className="max-w-4xl">
        <StaffPageHeader
          title={title}
          description={from ? `From the question "${from.name}"` : undefined}
          back={
            from
              ? {
                  to: `/wkm-dashboard/inbox/questions/${from.questionId}`,
                  label: 'Back to the question',
                }
              : back
          }
        />
        <div className="flex flex-col gap-6">
          <QuoteForm from={from ?? undefined} />
          <QuoteLinkPanel quote={null} />
        </div>
      </div>
    );
  }
  if (quote.isPending) return <PageSpinner label="Loading quote" />;
  if (quote.isError) {
    return (
      <LoadFailed
        title={title}
        back={back}
        noun="quote"
        error={quote.error}
        onRetry={() => void quote.refetch()}
      />
    );
  }
  return (
    <div className="max-w-4xl">
      <StaffPageHeader title={title} description={quote.data.name} back={back} />
      <div className="flex flex-col gap-6">
        {quote.data.paid || quote.data.depositPaid ? (
          <div
            role="status"
            className="flex flex-wrap items-center gap-3 rounded-card border-2 border-ink/10 bg-paper px-5 py-4"
          >
            <CheckCircle2 aria-hidden="true" className="size-6 text-success" />
            <p className="font-semibold">
              {quote.data.paid
                ? 'This quote has been paid, so it can no longer be changed.'
                : 'The deposit of this quote has been paid, so it can no longer be changed. Request the balance from its sale when the work is ready.'}
            </p>
            {quote.data.projectId ? (
              <Button asChild variant="outline" size="sm" className="ml-auto">
                <Link to={`/wkm-dashboard/custom-sales/edit/${quote.data.projectId}`}>
                  View the sale
                </Link>
              </Button>
            ) : null}
          </div>
        ) : null}
        <ProposalStatus quote={quote.data} />
        <QuoteForm key={quote.data._id} quote={quote.data} />
        {quote.data.paid || quote.data.depositPaid ? null : <QuoteLinkPanel quote={quote.data} />}
      </div>
    </div>
  );
}
