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

type Body = Record<string, unknown> | unknown[] | FormData;

export interface RequestOptions {
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
}

const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

async function readError(response: Response): Promise<ApiError> {
  const fallback = response.statusText || `Request failed with status ${response.status}`;
  try {
    const data = (await response.json()) as Partial<{
      message: string;
      error: string;
      details: { path: string; message: string }[];
      requestId: string;
    }>;
    return new ApiError(
      response.status,
      data.message || fallback,
      data.error,
      data.details ?? [],
      data.requestId,
    );
  } catch {
    return new ApiError(response.status, fallback);
  }
}

/**
 * The one way the web app calls the API. Paths are absolute ('/api/...'). The bearer token goes on
 * every call; a 401 on a call that carried one means the session has ended, so it signs out.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequestWithHeaders<T>(path, options)).data;
}

/** apiRequest, with the answer's headers too (a page's count and next cursor). */
export async function apiRequestWithHeaders<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const { method = 'GET', body, signal, cache } = options;
  const token = options.token ?? getToken();
  const headers = new Headers({ accept: 'application/json' });
  if (token) headers.set('authorization', `Bearer ${token}`);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, signal, cache });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_MESSAGE, 'network_error');
  }

  if (!response.ok) {
    const error = await readError(response);
    if (response.status === 401 && token && getToken() === token) clearToken();
    throw error;
  }
  const { headers: answerHeaders } = response;
  if (response.status === 204) return { data: undefined as T, headers: answerHeaders };
  const type = answerHeaders.get('content-type') ?? '';
  if (!type.includes('application/json')) {
    return { data: (await response.text()) as T, headers: answerHeaders };
  }
  return { data: (await response.json()) as T, headers: answerHeaders };
}

/** A binary answer (a PDF), with the same headers and error handling as apiRequest. */
export async function apiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const token = getToken();
  const headers = new Headers();
  if (token) headers.set('authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(path, { headers, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_MESSAGE, 'network_error');
  }
  if (!response.ok) {
    const error = await readError(response);
    if (response.status === 401 && token && getToken() === token) clearToken();
    throw error;
  }
  return response.blob();
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: Body) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: Body) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
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
  if (error instanceof DOMException && error.name === 'AbortError') return;
  toastError(title, errorMessage(error));
}
