import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { isApiError } from '@/lib/api-client';

/**
 * Where a refusal that is not one field's is kept (`FormAlert` shows it). react-hook-form clears
 * `root.*` errors at the next submit, so an old refusal never stays beside a new attempt.
 */
export const SERVER = 'root.server' as const;

/**
 * The server's field paths a form shows under its own fields: the field names themselves
 * (`body.` is taken off a path: 'body.code' is 'code'), or a map from a path to a field when the
 * two are named differently ('profile.firstName' to 'firstName').
 */
export type ServerFields<T extends FieldValues> =
  readonly FieldPath<T>[] | Readonly<Record<string, FieldPath<T>>>;

/** Puts a refusal on the form: field reasons under their fields, the rest for `FormAlert`. */
export function showServerRefusal<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T>, 'setError'>,
  serverFields: ServerFields<T> = [],
) {
  const message = error instanceof Error ? error.message : 'Something went wrong';
  const others: string[] = [];
  for (const detail of isApiError(error) ? error.details : []) {
    const field = fieldOfPath(detail.path, serverFields);
    if (field) form.setError(field, { message: detail.message });
    else if (detail.message && detail.message !== message) others.push(detail.message);
  }
  // `types` carries the reasons no field shows; react-hook-form keeps it beside the message.
  form.setError(SERVER, {
    message,
    types: Object.fromEntries(others.map((text, index) => [`detail${index}`, text])),
  });
}

function fieldOfPath<T extends FieldValues>(
  path: string,
  serverFields: ServerFields<T>,
): FieldPath<T> | undefined {
  if (isFieldList(serverFields)) {
    const name = path.replace(/^body\./, '');
    return serverFields.find((field) => field === name);
  }
  return serverFields[path] ?? serverFields[path.replace(/^body\./, '')];
}

function isFieldList<T extends FieldValues>(
  fields: ServerFields<T>,
): fields is readonly FieldPath<T>[] {
  return Array.isArray(fields);
}
