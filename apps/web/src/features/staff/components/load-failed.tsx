import { Button } from '@/components/ui/button';
import { errorMessage, isNotFound } from '@/lib/api-client';
import { EmptyState, StaffPageHeader } from './page-header';

/** An edit page whose record would not load: 'not found', or the error with a way to retry. */
export function LoadFailed({
  title,
  back,
  noun,
  error,
  onRetry,
}: {
  title: string;
  back: { to: string; label: string };
  /** 'page', 'user', 'service', 'quote' */
  noun: string;
  error: unknown;
  onRetry: () => void;
}) {
  const missing = isNotFound(error);
  const heading = missing
    ? `${noun.charAt(0).toUpperCase()}${noun.slice(1)} not found`
    : `Could not load the ${noun}`;
  return (
    <div>
      <StaffPageHeader title={title} back={back} />
      <EmptyState title={heading}>
        <p>{errorMessage(error)}</p>
        {!missing ? (
          <Button className="mt-4" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </EmptyState>
    </div>
  );
}
