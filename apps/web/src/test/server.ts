import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

/** The API as component tests see it: each test answers the calls its form makes. */
export const server = setupServer();

export interface Recorded {
  method: string;
  path: string;
  /** The parsed JSON body, or the multipart body's fields (files by name). */
  body: unknown;
  headers: Headers;
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('multipart/form-data')) {
    const fields: Record<string, string | string[]> = {};
    for (const [name, value] of await request.formData()) {
      const text = typeof value === 'string' ? value : `file:${value.name}`;
      const before = fields[name];
      fields[name] = before === undefined ? text : [before, text].flat();
    }
    return fields;
  }
  const text = await request.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/**
 * Answers `method path` with `answer` and records every request it gets, so a test can check
 * what was sent, or that nothing was.
 */
export function answer(
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  answer: JsonBodyType,
  init?: ResponseInit,
): Recorded[] {
  const calls: Recorded[] = [];
  server.use(
    http[method](path, async ({ request }) => {
      calls.push({
        method: request.method,
        path: new URL(request.url).pathname,
        body: await readBody(request),
        headers: request.headers,
      });
      return HttpResponse.json(answer, init);
    }),
  );
  return calls;
}
