import { useQuestions } from '@/components/messages/questions-api';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { QuestionsSkeleton } from './dashboard-skeletons';
import { QuestionList } from './question-list';

/** The company's questions so far, with our answers ('Ask us anything' on the dashboard). */
export function YourQuestions() {
  const questions = useQuestions();
  if (questions.isPending) return <QuestionsSkeleton />;
  if (questions.isError) {
    return (
      <p role="alert" className="text-danger">
        {errorMessage(questions.error, 'Your questions could not be loaded.')}{' '}
        <Button variant="link" onClick={() => void questions.refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  if (questions.data.length === 0) {
    return (
      <p className="rounded-card border-2 border-dashed border-ink/20 p-6 text-muted">
        Questions you and your team ask show up here, with our answers.
      </p>
    );
  }
  return <QuestionList questions={questions.data} />;
}
