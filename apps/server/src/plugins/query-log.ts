import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';

/** The header that asks for a request's statements to be written down. */
export const QUERY_LOG_HEADER = 'x-query-log';

interface Recording {
  statements: { sql: string; params: unknown[] }[];
  /** Set when the answer is on its way: what runs after it (notifications) is not the request's. */
  answered: boolean;
}

/**
 * Profiling aid, off unless QUERY_LOG_FILE is set: a request sent with `x-query-log: record`
 * appends one JSON line to that file with its method, address, status and every statement it
 * sent before its answer, with parameters. `npm run bench` replays a checkout's statements this
 * way to measure the database work alone (docs/performance.md). Parameters include whatever the
 * request wrote, so this is never for production. It follows a request through an
 * AsyncLocalStorage, which on Node 20 slows every request by a quarter or more (the bench's own
 * server does not turn it on): that is why nothing else in the server uses one.
 */
export function registerQueryLog(app: FastifyInstance, file: string) {
  const storage = new AsyncLocalStorage<Recording>();
  app.database.watchQueries((sql, params) => {
    const recording = storage.getStore();
    if (recording && !recording.answered) recording.statements.push({ sql, params });
  });
  // The rest of the request runs inside the recording's context.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.headers[QUERY_LOG_HEADER] !== 'record') return done();
    storage.run({ statements: [], answered: false }, done);
  });
  app.addHook('onSend', (_request, _reply, payload, done) => {
    const recording = storage.getStore();
    if (recording) recording.answered = true;
    done(null, payload);
  });
  app.addHook('onResponse', async (request, reply) => {
    const recording = storage.getStore();
    if (!recording) return;
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      statements: recording.statements,
    };
    await appendFile(file, `${JSON.stringify(line)}\n`);
  });
}
