import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';

/** The API as component tests see it: each test answers the calls its form makes. */
export const server = setupServer();

export interface Recorded {
  method: string;
  url: string;
  /** The parsed JSON body; a multipart body as text (its fields: `fieldsOf(form)`). */
  body: unknown;
  headers: Headers;
  /** A multipart body as the app built it (see `formsSent`). */
  form?: FormData;
}

/**
 * Every FormData the app sent by XMLHttpRequest (lib/upload.ts), newest last. A jsdom File
 * reaches Node's Request without its name or content, so a multipart test reads the FormData
 * the app built. It is taken at `send` rather than by mocking `uploadForm`: test files share a
 * worker's module cache, where one file's `vi.mock` is not always the module another file's
 * component imported.
 */
const formsSent: { method: string; url: string; form: FormData }[] = [];

/**
 * Wraps the XMLHttpRequest MSW installed (after `server.listen`) so each `send` of a FormData is
 * recorded; gives back what undoes it. MSW answers `send` itself, so the class is wrapped rather
 * than its prototype.
 */
export function recordFormsSent(): () => void {
  const Mocked = globalThis.XMLHttpRequest;
  const installed = Object.getOwnPropertyDescriptor(globalThis, 'XMLHttpRequest')!;
  const recording = new Proxy(Mocked, {
    construct(target, args: unknown[]) {
      const xhr = Reflect.construct(target, args) as XMLHttpRequest;
      let opened = { method: '', url: '' };
      return new Proxy(xhr, {
        get(self, name) {
          if (name === 'open') {
            return (...open: unknown[]) => {
              opened = { method: String(open[0]).toUpperCase(), url: String(open[1]) };
              return (self.open as (...a: unknown[]) => void)(...open);
            };
          }
          if (name === 'send') {
            return (body?: XMLHttpRequestBodyInit | null) => {
              if (body instanceof FormData) formsSent.push({ ...opened, form: body });
              return self.send(body);
            };
          }
          const value = Reflect.get(self, name) as unknown;
          return typeof value === 'function' ? (value as () => unknown).bind(self) : value;
        },
        set: (self, name, value) => Reflect.set(self, name, value),
      });
    },
  });
  // MSW installs its class read-only; it is replaced the way MSW put it there.
  Object.defineProperty(globalThis, 'XMLHttpRequest', { ...installed, value: recording });
  return () => Object.defineProperty(globalThis, 'XMLHttpRequest', installed);
}

/** Forgets the forms sent (setup.ts, after each test). */
export function forgetFormsSent(): void {
  formsSent.length = 0;
}

function formSent(method: string, url: string): FormData | undefined {
  const path = new URL(url).pathname;
  return formsSent.findLast(
    (sent) => sent.method === method && new URL(sent.url, url).pathname === path,
  )?.form;
}

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  const type = request.headers.get('content-type') ?? '';
  return text && type.includes('application/json') ? (JSON.parse(text) as unknown) : text;
}

/** The fields of a multipart body as the app built it (`Recorded.form`), a file as 'file:' and its name. */
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
        form: formSent(request.method, request.url),
      });
      return HttpResponse.json(answer, init);
    }),
  );
  return calls;
}
