import { MessageCircleQuestionMark } from 'lucide-react';
import { Link } from 'react-router';
import type { QuestionSummary } from '@noise/shared/questions';
import { cn } from '@/lib/utils';

const when = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** The company's questions (docs/product.md#ask-us-anything), newest message first. */
export function QuestionList({ questions }: { questions: QuestionSummary[] }) {
  return (
    <ul aria-label="Your questions" className="flex flex-col gap-3">
      {questions.map((q) => (
        <li key={q._id}>
          <Link
            to={`/dashboard/questions/${q._id}`}
            className="flex gap-3 rounded-card border-2 border-ink/10 bg-paper p-4 hover:border-ink focus-visible:outline-3 focus-visible:outline-accent-strong"
          >
            <MessageCircleQuestionMark aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-x-2 font-bold">
                <span className="wrap-anywhere">{q.subject}</span>
                {q.status === 'closed' ? (
                  <span className="rounded-full bg-ink/10 px-2 py-0.5 text-xs font-semibold">
                    Closed
                  </span>
                ) : null}
              </p>
              {q.lastMessage ? (
                <p className="mt-1 truncate text-sm text-muted">
                  {q.lastMessage.side === 'team' ? 'We said: ' : 'You said: '}
                  {q.lastMessage.excerpt}
                </p>
              ) : null}
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1 text-sm">
              {q.lastMessage ? (
                <time dateTime={q.lastMessage.createdAt} className="text-muted">
                  {when.format(new Date(q.lastMessage.createdAt))}
                </time>
              ) : null}
              <span
                className={cn(
                  'rounded-full px-2 py-0.5 text-xs font-bold',
                  q.unread ? 'bg-accent' : 'sr-only',
                )}
              >
                {q.unread ? `${q.unread} new` : 'Read'}
              </span>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
