import { isApiError } from '@/lib/api-client';

/**
 * Puts each of the server's field reasons on the form's own field (`body.code` on 'code'), for the
 * fields in `fields`; the others stay in FormErrorAlert's list. Nothing typed is changed.
 */
export function showFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  setError: (field: F, error: { message: string }) => void,
) {
  if (!isApiError(error)) return;
  for (const detail of error.details) {
    const path = detail.path.replace(/^body\./, '');
    const field = fields.find((name) => name === path);
    if (field) setError(field, { message: detail.message });
  }
}
