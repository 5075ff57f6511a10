import type { ApiPath } from './api-paths';
import { ApiError, endSessionIfRefused, errorFromAnswer, NETWORK_MESSAGE } from './api-client';
import { getToken } from './auth-token';
import { UNREADABLE_MESSAGE } from './check-answer';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 1; 0 while the size is not yet known. */
  fraction: number;
}

export interface UploadOptions<T = unknown> {
  method?: 'POST' | 'PUT';
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Checks the answer, as apiRequest's `check` does: `checkWith(schema)` (lib/check-answer.ts). */
  check?: (data: unknown) => T;
}

/**
 * A multipart request that reports upload progress, which fetch cannot do. Same contract as
 * apiRequest: the bearer token goes on the call, failures are ApiError, a 401 signs out.
 */
export function uploadForm<T>(
  path: ApiPath,
  form: FormData,
  options: UploadOptions<T> = {},
): Promise<T> {
  const { method = 'POST', onProgress, signal, check } = options;
  const token = getToken();
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        onProgress({
          loaded: event.loaded,
          total: event.total,
          fraction: event.lengthComputable && event.total > 0 ? event.loaded / event.total : 0,
        });
      });
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.addEventListener('loadend', () => signal?.removeEventListener('abort', onAbort));
    xhr.addEventListener('abort', () =>
      reject(new DOMException('The upload was cancelled', 'AbortError')),
    );
    xhr.addEventListener('error', () => reject(new ApiError(0, NETWORK_MESSAGE, 'network_error')));
    xhr.addEventListener('load', () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        endSessionIfRefused(xhr.status, token);
        reject(errorFromAnswer(xhr.status, xhr.statusText, xhr.responseText));
        return;
      }
      if (xhr.status === 204 || !xhr.responseText) {
        resolve(undefined as T);
        return;
      }
      const type = xhr.getResponseHeader('content-type') ?? '';
      if (!type.includes('application/json')) {
        resolve(xhr.responseText as T);
        return;
      }
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        reject(new ApiError(xhr.status, UNREADABLE_MESSAGE, 'invalid_response'));
        return;
      }
      try {
        resolve(check ? check(data) : (data as T));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    xhr.send(form);
  });
}
