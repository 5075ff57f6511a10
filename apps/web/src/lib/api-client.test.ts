import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handlePaymentResponse } from '@noise/shared/payments';
import { ApiError, apiFetch, apiRequest, NETWORK_MESSAGE } from './api-client';
import { withQuery } from './api-paths';
import { clearToken, getToken, setToken } from './auth-token';
import { checkWith, UNREADABLE_MESSAGE } from './check-answer';

const realFetch = globalThis.fetch;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function json(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** What the request rejected with. */
async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  globalThis.fetch = fetchMock;
  setToken('session-token');
});

afterEach(() => {
  globalThis.fetch = realFetch;
  clearToken();
});

describe('apiRequest', () => {
  it('sends the stored token and a JSON body, and answers the parsed JSON', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 'p1' }));

    const data = await apiRequest('/api/users/site-users', { method: 'POST', body: { name: 'x' } });

    expect(data).toEqual({ id: 'p1' });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/users/site-users');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer session-token');
    expect(headers.get('content-type')).toBe('application/json');
    expect(init?.body).toBe('{"name":"x"}');
  });

  it('answers undefined for 204 and text for a non-JSON success', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(
      apiRequest('/api/users/site-users/1', { method: 'DELETE' }),
    ).resolves.toBeUndefined();

    fetchMock.mockResolvedValueOnce(
      new Response('a,b\n1,2', { status: 200, headers: { 'content-type': 'text/csv' } }),
    );
    await expect(apiRequest('/api/reports/sales.csv')).resolves.toBe('a,b\n1,2');
  });

  it('turns a network failure into an ApiError with status 0 and keeps the session', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await failure(apiRequest('/api/users/site-users'));

    expect(error.status).toBe(0);
    expect(error.code).toBe('network_error');
    expect(error.message).toBe(NETWORK_MESSAGE);
    expect(getToken()).toBe('session-token');
  });

  it('lets a cancelled request reject as an AbortError, not as a network failure', async () => {
    fetchMock.mockRejectedValue(new DOMException('The operation was aborted', 'AbortError'));

    await expect(apiRequest('/api/users/site-users')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it("uses the status text when the error body is not JSON (a proxy's HTML page)", async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>Bad gateway</html>', {
        status: 502,
        statusText: 'Bad Gateway',
        headers: { 'content-type': 'text/html' },
      }),
    );

    const error = await failure(apiRequest('/api/users/site-users'));

    expect(error.status).toBe(502);
    expect(error.message).toBe('Bad Gateway');
    expect(error.code).toBe('error');
    expect(error.details).toEqual([]);
  });

  it('names the status when the error has neither a JSON body nor a status text', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 503 }));

    const error = await failure(apiRequest('/api/users/site-users'));

    expect(error.message).toBe('Request failed with status 503');
  });

  it("carries a 4xx's message, code and field details from the server", async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        statusCode: 400,
        error: 'validation_error',
        message: 'Please check the form',
        details: [{ path: 'email', message: 'Please enter a valid email address' }],
        requestId: 'req-1',
      }),
    );

    const error = await failure(apiRequest('/api/users/site-users', { method: 'POST', body: {} }));

    expect(error.status).toBe(400);
    expect(error.message).toBe('Please check the form');
    expect(error.code).toBe('validation_error');
    expect(error.details).toEqual([
      { path: 'email', message: 'Please enter a valid email address' },
    ]);
    expect(error.requestId).toBe('req-1');
    expect(getToken()).toBe('session-token');
  });

  it('signs out on a 401 to a call that carried the stored token', async () => {
    fetchMock.mockResolvedValue(json(401, { error: 'unauthorized', message: 'Session expired' }));

    const error = await failure(apiRequest('/api/auth/user'));

    expect(error.status).toBe(401);
    expect(error.message).toBe('Session expired');
    expect(getToken()).toBeNull();
  });

  it("keeps the session on a 401 to a call made with another token (a guest's new account)", async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'Invalid token' }));

    await failure(apiRequest('/api/payments/confirm', { method: 'POST', token: 'guest-token' }));

    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('authorization')).toBe(
      'Bearer guest-token',
    );
    expect(getToken()).toBe('session-token');
  });

  it('keeps a session begun while the refused call was under way', async () => {
    fetchMock.mockImplementation(async () => {
      setToken('new-session');
      return json(401, { message: 'Session expired' });
    });

    await failure(apiRequest('/api/auth/user'));

    expect(getToken()).toBe('new-session');
  });

  it('keeps the session on a 403', async () => {
    fetchMock.mockResolvedValue(json(403, { message: 'You may not do that' }));

    const error = await failure(apiRequest('/api/users/site-users'));

    expect(error.status).toBe(403);
    expect(getToken()).toBe('session-token');
  });

  it("reports a 429 with the server's message and keeps the session", async () => {
    fetchMock.mockResolvedValue(
      json(429, {
        error: 'too_many_requests',
        message: 'Too many requests, try again in a minute',
      }),
    );

    const error = await failure(apiRequest('/api/auth/login', { method: 'POST', body: {} }));

    expect(error.status).toBe(429);
    expect(error.code).toBe('too_many_requests');
    expect(error.message).toBe('Too many requests, try again in a minute');
    expect(getToken()).toBe('session-token');
  });

  it("reports a 5xx with the server's message and request id", async () => {
    fetchMock.mockResolvedValue(
      json(500, { error: 'internal', message: 'Something went wrong', requestId: 'req-9' }),
    );

    const error = await failure(apiRequest('/api/users/site-users'));

    expect(error.status).toBe(500);
    expect(error.message).toBe('Something went wrong');
    expect(error.requestId).toBe('req-9');
  });
});

describe('apiRequest with a check', () => {
  const paid = {
    success: true,
    paymentCustomerId: 'cus_1',
    projectId: 'p1',
    paymentId: 'pay_1',
    defaultPaymentMethodId: 'pm_1',
  };

  it('answers what matches the schema', async () => {
    fetchMock.mockResolvedValue(json(200, paid));

    const data = await apiRequest('/api/payments/handle-payment', {
      method: 'POST',
      body: {},
      check: checkWith(handlePaymentResponse),
    });

    expect(data).toEqual(paid);
  });

  it('turns an answer that does not match into an ApiError naming the fields', async () => {
    fetchMock.mockResolvedValue(json(200, { ...paid, projectId: 42 }));

    const error = await failure(
      apiRequest('/api/payments/handle-payment', {
        method: 'POST',
        body: {},
        check: checkWith(handlePaymentResponse),
      }),
    );

    expect(error.code).toBe('invalid_response');
    expect(error.message).toBe(UNREADABLE_MESSAGE);
    expect(error.details.length).toBeGreaterThan(0);
    expect(getToken()).toBe('session-token');
  });
});

describe('apiFetch (files and streams)', () => {
  it('shares the errors and the sign-out on 401', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { message: 'Invoice not found' }));
    const missing = await failure(apiFetch('/api/invoices/1.pdf'));
    expect(missing.status).toBe(404);
    expect(missing.message).toBe('Invoice not found');

    fetchMock.mockResolvedValueOnce(json(401, { message: 'Session expired' }));
    await failure(apiFetch('/api/notifications/stream'));
    expect(getToken()).toBeNull();
  });

  it('answers the response as it came, with the token and the given headers', async () => {
    fetchMock.mockResolvedValueOnce(new Response('event: unread\n\n', { status: 200 }));
    const stream = await apiFetch('/api/notifications/stream', {
      headers: { accept: 'text/event-stream' },
    });
    expect(await stream.text()).toBe('event: unread\n\n');
    const headers = new Headers(fetchMock.mock.calls[0]![1]?.headers);
    expect(headers.get('authorization')).toBe('Bearer session-token');
    expect(headers.get('accept')).toBe('text/event-stream');
  });
});

describe('paths the server answers', () => {
  it('refuses, at type-check time, a route the server does not have', () => {
    // `tsc` fails if either line stops being an error: the route table is packages/shared's.
    // @ts-expect-error no such route
    const missing = () => apiRequest('/api/no-such-route');
    // @ts-expect-error a parameter where the route has none
    const extra = () => apiRequest(`/api/config/${'x'}`);
    expect([missing, extra].every((call) => typeof call === 'function')).toBe(true);
  });

  it('adds only the query parameters that have a value', () => {
    expect(withQuery('/api/my-work', { member: '' })).toBe('/api/my-work');
    expect(withQuery('/api/questions', { status: 'open', page: 2, none: undefined })).toBe(
      '/api/questions?status=open&page=2',
    );
    expect(withQuery('/api/questions', { q: 'a&b c' })).toBe('/api/questions?q=a%26b+c');
  });
});
