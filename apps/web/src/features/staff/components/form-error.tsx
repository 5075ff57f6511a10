import { isApiError } from '@/lib/api-client';

/** The server's refusal of a form, next to the form: its message and each field's reason. */
export function FormErrorAlert({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : 'Something went wrong';
  const details = isApiError(error)
    ? error.details.filter((detail) => detail.message && detail.message !== message)
    : [];
  return (
    <div
      role="alert"
      className="rounded-xl border-2 border-danger/30 bg-danger-soft px-4 py-3 text-sm text-danger"
    >
      <p className="font-semibold">{message}</p>
      {details.length ? (
        <ul className="mt-1 list-disc pl-5">
          {details.map((detail) => (
            <li key={`${detail.path}-${detail.message}`}>{detail.message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
