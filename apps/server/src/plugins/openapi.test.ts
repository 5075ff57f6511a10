import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@noise/shared/api-error';
import { IDEMPOTENCY_KEY_HEADER } from '@noise/shared/payments';
import { createTestApp } from '../test/app.ts';
import { bearer, createUser } from '../test/factories.ts';
import { coordinator, createServiceToOrder, orderBody } from '../test/order-factories.ts';
import { webhookEventTypes } from '@noise/shared/webhooks';
import { operationIdOf, registerOpenApi, summaryOf, webhookSchemaName } from './openapi.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean; description?: string }[];
  requestBody?: {
    content: Record<string, { schema: { properties?: Record<string, Record<string, unknown>> } }>;
  };
  responses: Record<string, { $ref?: string }>;
  callbacks?: Record<string, Record<string, { post: Operation }>>;
  'x-access'?: string;
}
interface Document {
  components: {
    securitySchemes: Record<string, unknown>;
    responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }>;
    schemas: Record<string, unknown>;
  };
  paths: Record<string, Record<string, Operation>>;
}

const { app } = await createTestApp();
const document = app.swagger() as unknown as Document;
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({
    key: `${method.toUpperCase()} ${path}`,
    route: app.declaredRoutes.find(
      (r) => r.method === method.toUpperCase() && r.url.replace(/:(\w+)/g, '{$1}') === path,
    ),
    operation,
  })),
);
const operation = (key: string) => operations.find((o) => o.key === key)!.operation;

describe('every operation of the OpenAPI document', () => {
  it('is a declared route, with a unique operationId and a summary', () => {
    expect(operations.length).toBeGreaterThan(100);
    const ids = new Set<string>();
    for (const { key, route, operation } of operations) {
      expect(route, key).toBeDefined();
      expect(operation.operationId, key).toMatch(/^(get|post|put|patch|delete)[A-Z]\w*$/);
      expect(ids.has(operation.operationId!), `${key}: ${operation.operationId}`).toBe(false);
      ids.add(operation.operationId!);
      expect(operation.summary, key).toBeTruthy();
      // The route's own, not the placeholder made of its path.
      const [method, path] = key.split(' ') as [string, string];
      expect(operation.summary, key).not.toBe(summaryOf(method, path.replace(/\{(\w+)\}/g, ':$1')));
    }
  });

  it('asks for the bearer token unless its route is public, and says the access', () => {
    expect(document.components.securitySchemes.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    expect(document.components.securitySchemes.apiKey).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'nk_live_…',
    });
    for (const { key, route, operation } of operations) {
      expect(operation['x-access'], key).toBe(route!.access);
      if (route!.access === 'public') {
        // None, or either none or a token where a public route reads one when sent.
        expect([[], [{}, { bearer: [] }]], key).toContainEqual(operation.security);
        expect(operation.responses['401'], key).toBeUndefined();
      } else {
        // An API key reaches a permission's routes and a customer's records, never a person's
        // own account nor the routes that make keys.
        const keyed = route!.access !== 'authenticated' && !route!.url.startsWith('/api/api-keys');
        expect(operation.security, key).toEqual(
          keyed ? [{ bearer: [] }, { apiKey: [] }] : [{ bearer: [] }],
        );
        expect(operation.responses['401']?.$ref, key).toBe('#/components/responses/Unauthorized');
        expect(operation.responses['403']?.$ref, key).toBe('#/components/responses/Forbidden');
      }
    }
    expect(operation('GET /api/services').security).toEqual([]);
    expect(operation('GET /api/quotes/{id}').security).toEqual([{}, { bearer: [] }]);
  });

  it('documents every webhook event’s delivery, versioned, as a callback of adding an endpoint', () => {
    const callbacks = operation('POST /api/webhooks').callbacks!;
    expect(Object.keys(callbacks)).toEqual([...webhookEventTypes]);
    for (const type of webhookEventTypes) {
      const delivery = callbacks[type]!['{$request.body#/url}']!.post;
      const name = webhookSchemaName(type);
      expect(JSON.stringify(delivery.requestBody)).toContain(`#/components/schemas/${name}`);
      expect(delivery.parameters!.map((p) => p.name)).toEqual([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
      const schema = document.components.schemas[name] as {
        properties: { type: { enum: string[] }; version: { enum: string[] } };
      };
      expect(schema.properties.type.enum).toEqual([type]);
      expect(schema.properties.version.enum).toEqual(['2026-11-26']);
    }
  });

  it('documents the errors its input, path and limits can give, with the one error body', () => {
    for (const { key, operation } of operations) {
      const parameters = operation.parameters ?? [];
      const has = (status: string) => operation.responses[status] !== undefined;
      if (operation.requestBody || parameters.length > 0) expect(has('400'), key).toBe(true);
      if (parameters.some((p) => p.in === 'path')) expect(has('404'), key).toBe(true);
      if (operation.requestBody) expect(has('413') && has('415'), key).toBe(true);
      expect(has('default'), key).toBe(true);
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status !== 'default' && Number(status) < 400) continue;
        // The inbound mail webhook's refusals are its own body ({ accepted: false, message }),
        // which a mail provider reads: declared by the route, not the error schema.
        if (key === 'POST /api/inbound-mail' && ['422', '429', '503'].includes(status)) continue;
        const name = response.$ref?.replace('#/components/responses/', '') ?? '';
        expect(document.components.responses[name], `${key} ${status}`).toBeDefined();
      }
    }
    for (const response of Object.values(document.components.responses)) {
      expect(response.content['application/json']!.schema).toEqual({
        $ref: '#/components/schemas/ApiError',
      });
    }
    expect(operation('POST /api/auth/login').responses['429']).toBeDefined();
    expect(operation('POST /api/payments/guest-checkout').responses['429']).toBeDefined();
    expect(operation('GET /api/config').responses['429']).toBeUndefined();
    expect(operation('POST /api/quotes/{id}/send').responses['409']).toBeDefined();
  });

  it('lets every nullable enum be null (money.period of a one-time order, my-work waitingFor)', () => {
    const refused: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${at}/${i}`));
      if (!node || typeof node !== 'object') return;
      const schema = node as { nullable?: boolean; enum?: unknown[] };
      if (schema.nullable === true && schema.enum && !schema.enum.includes(null)) refused.push(at);
      for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`);
    };
    walk(document, '');
    expect(refused).toEqual([]);
    const money = JSON.stringify(document.paths['/api/projects/{id}']?.get?.responses['200']);
    expect(money).toMatch(
      /"period":\{[^}]*"enum":\["week","2 weeks","month","quarter","year",null\]/,
    );
  });

  it('gives each upload a multipart/form-data body naming its fields, and its rate limit', () => {
    const uploads = app.declaredRoutes.filter((r) => r.upload);
    expect(uploads.length).toBeGreaterThanOrEqual(10);
    for (const route of uploads) {
      const key = `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`;
      const { requestBody, responses } = operation(key);
      const schema = requestBody!.content['multipart/form-data']!.schema;
      const fields = Object.values(schema.properties ?? {});
      const isFile = (field: Record<string, unknown>) =>
        JSON.stringify(field).includes('"format":"binary"');
      expect(fields.some(isFile), key).toBe(true);
      expect(responses['413'] && responses['415'] && responses['429'], key).toBeDefined();
    }
    const industry = operation('POST /api/industries').requestBody!.content['multipart/form-data']!
      .schema as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(industry.properties)).toEqual(['title', 'link', 'featurePhoto']);
    expect(industry.required).toEqual(['title', 'link']);
  });
});

describe("the checkout's idempotency key", () => {
  const checkouts = ['POST /api/payments/handle-payment', 'POST /api/payments/guest-checkout'];

  it('is documented as the body field or the header, one of the two required', () => {
    for (const key of checkouts) {
      const { parameters, description } = operation(key);
      const header = parameters!.find(
        (p) => p.in === 'header' && p.name === IDEMPOTENCY_KEY_HEADER,
      );
      expect(header, key).toBeDefined();
      expect(header!.description).toMatch(/idempotencyKey field or the Idempotency-Key header/);
      expect(description).toContain(header!.description);
    }
  });

  it('is refused when neither is sent, and taken from the header alone', async () => {
    const cora = await coordinator(app);
    const { token } = await createUser(app);
    const { idempotencyKey, ...body } = orderBody(await createServiceToOrder(app), {
      coordinatorId: cora.user.id,
    });
    const url = '/api/payments/handle-payment';
    const without = await app.inject({
      method: 'POST',
      url,
      headers: bearer(token),
      payload: body,
    });
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toMatch(/idempotency key is required/i);
    const withHeader = await app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      payload: body,
    });
    expect(withHeader.statusCode).toBe(200);
    await app.afterAnswer.drain();
  });
});

describe('the error body', () => {
  it('is what the server sends when it refuses', async () => {
    const { token } = await createUser(app);
    const answers = await Promise.all([
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 1 } }),
      app.inject({ url: '/api/auth/user' }),
      app.inject({ url: '/api/quotes', headers: bearer(token) }),
      app.inject({ url: '/api/nothing-here' }),
      app.inject({ method: 'POST', url: '/api/config' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([400, 401, 403, 404, 405]);
    for (const answer of answers) {
      expect(apiErrorSchema.strict().parse(answer.json())).toMatchObject({
        statusCode: answer.statusCode,
        requestId: answer.headers['x-request-id'],
      });
    }
    // A 401 says how to authenticate.
    expect(answers[1]!.headers['www-authenticate']).toBe('Bearer');
  });

  it('allows no other origin, as the document says (no CORS headers, preflight or not)', async () => {
    const origin = { origin: 'https://elsewhere.example' };
    const answers = await Promise.all([
      app.inject({ url: '/api/config', headers: origin }),
      app.inject({
        method: 'OPTIONS',
        url: '/api/auth/login',
        headers: { ...origin, 'access-control-request-method': 'POST' },
      }),
    ]);
    for (const answer of answers) {
      expect(
        Object.keys(answer.headers).filter((name) => name.startsWith('access-control-')),
      ).toEqual([]);
    }
    expect(JSON.stringify(app.swagger())).toContain(
      'CORS: the API sends no Access-Control-Allow-*',
    );
  });

  it("names Fastify's own refusals in the app's words, never its FST_ codes", async () => {
    const answers = await Promise.all([
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      }),
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'text/csv' },
        payload: 'a,b',
      }),
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
      }),
    ]);
    expect(answers.map((a) => [a.statusCode, a.json().error])).toEqual([
      [400, 'invalid_json'],
      [415, 'unsupported_media_type'],
      [413, 'payload_too_large'],
    ]);
  });
});

describe('derived names', () => {
  it('are the method and the path', () => {
    expect(operationIdOf('POST', '/api/projects/:id/balance-request')).toBe(
      'postProjectsByIdBalanceRequest',
    );
    expect(operationIdOf('GET', '/api/audit.csv')).toBe('getAuditCsv');
    expect(summaryOf('GET', '/api/projects/:id/payments')).toBe('Get project payments');
    expect(summaryOf('PUT', '/api/industries/:id')).toBe('Update industry');
  });
});

describe('a route the document cannot describe', () => {
  async function bareApp() {
    const bare = Fastify();
    await registerOpenApi(bare, 'Test API');
    return bare;
  }

  it('stops the server from starting: an upload without its form', async () => {
    const bare = await bareApp();
    expect(() =>
      bare.post(
        '/api/things',
        { config: { access: 'public' }, schema: { consumes: ['multipart/form-data'] } },
        async () => ({}),
      ),
    ).toThrow(/declares no schema.form/);
    await bare.close();
  });

  it('and one route for several methods, which would share an operationId', async () => {
    const bare = await bareApp();
    expect(() =>
      bare.route({
        method: ['GET', 'POST'],
        url: '/api/things',
        config: { access: 'public' },
        handler: async () => ({}),
      }),
    ).toThrow(/give each method a route of its own/);
    await bare.close();
  });
});
