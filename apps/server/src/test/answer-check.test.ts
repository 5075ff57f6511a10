import fastifySwagger from '@fastify/swagger';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { checkAnswersAgainstDocument } from './answer-check.ts';

/** A route whose answer the test chooses, with the document saying what it should be. */
async function appAnswering(answer: unknown) {
  const app = Fastify();
  await app.register(fastifySwagger, { openapi: { info: { title: 't', version: '1' } } });
  checkAnswersAgainstDocument(app);
  app.get(
    '/api/things/:id',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            required: ['state'],
            properties: { state: { type: 'string', enum: ['open', 'closed'] } },
          },
        },
      },
    },
    // Sent as it is: the document's check, not the serializer, is what is under test.
    async (_request, reply) =>
      reply.type('application/json').serializer(JSON.stringify).send(answer),
  );
  await app.ready();
  apps.push(app);
  return app;
}

const apps: Awaited<ReturnType<typeof Fastify>>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('answers checked against the document', () => {
  it('passes an answer as documented', async () => {
    const app = await appAnswering({ state: 'open' });
    const res = await app.inject({ method: 'GET', url: '/api/things/a' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ state: 'open' });
  });

  it('turns an answer the document does not allow into a 500 that names it', async () => {
    const app = await appAnswering({ state: null });
    const res = await app.inject({ method: 'GET', url: '/api/things/b' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ error: 'answer_not_as_documented' });
    expect(res.json().message).toContain('GET /api/things/:id answered 200 not as documented');
  });
});
