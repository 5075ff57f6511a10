import { ApiError } from './api-client';

export const UNREADABLE_MESSAGE = 'The server sent an answer we could not read';

/**
 * What a check needs of a zod schema. The API client takes only the check function, so that
 * neither zod nor this module is on every page's first load: the pages that check an answer (the
 * checkout, billing, the staff area) import them, and load zod already (decision 050).
 */
export interface ResponseSchema<T> {
  safeParse(data: unknown):
    | { success: true; data: T }
    | {
        success: false;
        error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
      };
}

/** A check for apiRequest's `check`: the answer if it matches, else an ApiError naming the fields. */
export function checkWith<T>(schema: ResponseSchema<T>): (data: unknown) => T {
  return (data) => {
    const result = schema.safeParse(data);
    if (result.success) return result.data;
    const details = result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    }));
    throw new ApiError(200, UNREADABLE_MESSAGE, 'invalid_response', details);
  };
}
