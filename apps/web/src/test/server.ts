import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

/** The API as component tests see it: each test answers the calls its form makes. */
export const server = setupServer();

export interface Recorded {
  method: string;
  url: string;
  /** The parsed JSON body; a multipart body as text (its fields: fieldsOf on uploadForm's). */
  body: unknown;
  headers: Headers;
}

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  const type = request.headers.get('content-type') ?? '';
  return text && type.includes('application/json') ? (JSON.parse(text) as unknown) : text;
}

/**
 * The fields of a multipart body as the app built it, a file as 'file:' and its name. A jsdom
 * File reaches Node's Request without its name or content, so multipart tests wrap uploadForm
 * (lib/upload.ts) in vi.fn and read the FormData it was given; the request still goes to MSW.
 */
export function fieldsOf(form: FormData): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of form) {
    const text = typeof value === 'string' ? value : `file:${value.name}`;
    const before = fields[name];
    fields[name] = before === undefined ? text : [before, text].flat();
  }
  return fields;
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
        url: request.url,
        body: await readBody(request),
        headers: request.headers,
      });
      return HttpResponse.json(answer, init);
    }),
  );
  return calls;
}
