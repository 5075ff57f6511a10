import type { ApiPath } from './api-paths';
import { clearToken, getToken } from './auth-token';
import { toastError } from './toast';

/** The server's error body: { statusCode, error, message, details, requestId }. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: { path: string; message: string }[];
  readonly requestId: string | undefined;

  constructor(
    status: number,
    message: string,
    code = 'error',
    details: { path: string; message: string }[] = [],
    requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.requestId = requestId;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** A request the caller cancelled (a query no longer wanted): not a failure to report. */
function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

type Body = Record<string, unknown> | unknown[] | FormData;

export interface RequestOptions<T = unknown> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: Body;
  signal?: AbortSignal;
  /**
   * The browser cache mode. Staff screens pass 'no-cache' for public catalogue answers, which
   * browsers may otherwise reuse for a minute without asking (Cache-Control max-age).
   */
  cache?: RequestCache;
  /** Sent instead of the stored token: a guest's new account, before the guest is signed in. */
  token?: string;
  /**
   * Checks the answer (money, permissions): `checkWith(schema)` from lib/check-answer.ts, which
   * throws an ApiError for one that does not match (kept apart: zod stays off the first load).
   */
  check?: (data: unknown) => T;
}

export const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/** The ApiError of a failed answer, from its status and body text (JSON or anything else). */
export function errorFromAnswer(status: number, statusText: string, text: string): ApiError {
  const fallback = statusText || `Request failed with status ${status}`;
  try {
    const data = JSON.parse(text) as Partial<{
      message: string;
      error: string;
      details: { path: string; message: string }[];
      requestId: string;
    }> | null;
    return new ApiError(
      status,
      data?.message || fallback,
      data?.error,
      data?.details ?? [],
      data?.requestId,
    );
  } catch {
    return new ApiError(status, fallback);
  }
}

/**
 * A 401 to a call that carried the stored token means the session has ended: sign out. A call
 * made with another token (a guest's new account), or after the user signed in again, keeps it.
 */
export function endSessionIfRefused(status: number, sentToken: string | null | undefined): void {
  if (status === 401 && sentToken && getToken() === sentToken) clearToken();
}

/**
 * fetch with the bearer token (the stored one unless `token` says otherwise); a failed answer is
 * an ApiError, and a 401 ends the session. For answers that are not JSON (a file, a stream).
 */
export async function apiFetch(
  path: string,
  init: RequestInit = {},
  token: string | null | undefined = getToken(),
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers });
  } catch (error) {
    throw isAbort(error) ? error : new ApiError(0, NETWORK_MESSAGE, 'network_error');
  }
  if (response.ok) return response;
  // A body that broke off leaves the status alone to say what happened.
  const text = await response.text().catch(() => '');
  endSessionIfRefused(response.status, token);
  throw errorFromAnswer(response.status, response.statusText, text);
}

/**
 * The one way the web app calls the API. Paths are absolute ('/api/...'). The bearer token goes on
 * every call; a 401 on a call that carried one means the session has ended, so it signs out.
 */
export async function apiRequest<T>(path: ApiPath, options: RequestOptions<T> = {}): Promise<T> {
  return (await apiRequestWithHeaders<T>(path, options)).data;
}

/** apiRequest, with the answer's headers too (a page's count and next cursor). */
export async function apiRequestWithHeaders<T>(
  path: ApiPath,
  options: RequestOptions<T> = {},
): Promise<{ data: T; headers: Headers }> {
  const { method = 'GET', body, signal, cache, check } = options;
  const headers = new Headers({ accept: 'application/json' });
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(body);
  }
  const init = { method, headers, body: payload, signal, cache };
  const response = await apiFetch(path, init, options.token ?? getToken());

  const { headers: answerHeaders, status } = response;
  if (status === 204) return { data: undefined as T, headers: answerHeaders };
  const type = answerHeaders.get('content-type') ?? '';
  if (!type.includes('application/json')) {
    return { data: (await response.text()) as T, headers: answerHeaders };
  }
  const data: unknown = await response.json();
  return { data: check ? check(data) : (data as T), headers: answerHeaders };
}

export const api = {
  get: <T>(path: ApiPath, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: ApiPath, body?: Body) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: ApiPath, body?: Body) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: ApiPath) => apiRequest<T>(path, { method: 'DELETE' }),
};

export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/**
 * Failures the old client only logged are told to the user (docs/product.md#errors-and-feedback).
 * 'title' says what failed, the server's message says why.
 */
export function toastApiError(error: unknown, title: string): void {
  if (!isAbort(error)) toastError(title, errorMessage(error));
}
