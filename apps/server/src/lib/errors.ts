/**
 * The one error type handlers throw; the error handler turns it into a JSON answer. An error
 * that says when to come back (`retryAfterSeconds`: a paused account, a dependency away) is
 * answered with Retry-After.
 */
export class AppError extends Error {
  declare readonly retryAfterSeconds?: number;

  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found') => new AppError('not_found', 404, message);
export const badRequest = (message: string, details?: { path: string; message: string }[]) =>
  new AppError('bad_request', 400, message, details);
export const unauthorized = (message = 'Please sign in to continue') =>
  new AppError('unauthorized', 401, message);
export const forbidden = (message = 'You do not have permission to do that') =>
  new AppError('forbidden', 403, message);
export const conflict = (message: string) => new AppError('conflict', 409, message);

/**
 * A service a request depends on (the mail server, the file store) did not answer. Nothing is
 * wrong with the request or with us, so the caller gets a 503 that says to retry, not a 500;
 * `cause` keeps the underlying error for the log and for a job's last error.
 */
export class UnavailableError extends AppError {
  declare readonly retryAfterSeconds: number;

  constructor(
    readonly dependency: string,
    message: string,
    options: { cause: unknown; retryAfterSeconds?: number },
  ) {
    super('service_unavailable', 503, message);
    this.name = 'UnavailableError';
    this.cause = options.cause;
    this.retryAfterSeconds = options.retryAfterSeconds ?? 30;
  }
}
