import { z } from 'zod';

/**
 * The body of every refused or failed API request (apps/server/src/plugins/errors.ts, the web's
 * `ApiError`). `error` is a machine code ('bad_request', 'not_found', 'too_many_requests'…),
 * `message` says what to do, `details` names each invalid field, and `requestId` is also the
 * answer's X-Request-Id header. Loose: an error body is never cut down on its way out.
 */
export const apiErrorSchema = z
  .object({
    statusCode: z.number().int().min(400).max(599),
    error: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    requestId: z.string(),
  })
  .loose();
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
