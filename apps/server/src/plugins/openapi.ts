import fastifySwagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@noise/shared/api-error';
import { API_KEY_PREFIX } from '@noise/shared/api-keys';
import { IDEMPOTENCY_KEY_HEADER } from '@noise/shared/payments';
import {
  WEBHOOK_PAYLOAD_VERSION,
  webhookEventLabels,
  webhookEventTypes,
  webhookPayloadSchema,
  type WebhookEventType,
} from '@noise/shared/webhooks';
import type { FileFieldRule } from '../lib/multipart.ts';

/**
 * The OpenAPI document at /api/docs, derived from the routes so that a generated client can trust
 * it (docs/decisions/072-openapi-document.md). Routes declare what only they know (access, zod
 * schemas, an upload's form); this plugin derives the rest for every operation: its operationId
 * and default summary, its security from `config.access`, and the error answers the server's
 * plugins give it (400, 401, 403, 404, 413, 415, 429), all with one error schema.
 */

/** An upload route's multipart form, as its OpenAPI request body shows it. */
export interface UploadForm {
  /** The text fields the route reads, each with what it holds. */
  fields: Record<string, string>;
  /** The file fields: the rules the route hands to readMultipart. */
  files: Record<string, FileFieldRule>;
  /** Fields a request must send. */
  required?: readonly string[];
  /** Fields beyond those named (numbered list items), described; otherwise none is accepted. */
  otherFields?: string;
}

declare module 'fastify' {
  interface FastifySchema {
    /** An upload (`consumes: ['multipart/form-data']`): the form it reads (plugins/openapi.ts). */
    form?: UploadForm;
  }
}

const MULTIPART = 'multipart/form-data';
const BEARER = 'bearer';
const API_KEY = 'apiKey';

type JsonSchema = Record<string, unknown>;
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
  security?: Record<string, string[]>[];
  callbacks?: Record<string, unknown>;
  [extension: `x-${string}`]: unknown;
}
interface Document {
  components?: Record<string, Record<string, unknown> | undefined>;
  paths?: Record<string, Record<string, Operation> | undefined>;
}

/** What the document cannot read from an operation's own schemas. */
interface RouteFacts {
  access: string | undefined;
  /** A rate limit applies: the route's own, or the per-user limit of every upload. */
  rateLimited: boolean;
}

/** The error answers, one shared body, each described once (components.responses). */
const ERROR_RESPONSES = {
  '400': ['BadRequest', 'The request is invalid: `details` names each field and what is wrong.'],
  '401': ['Unauthorized', 'No bearer token, or one that expired or was signed out: sign in.'],
  '402': ['PaymentRefused', 'The payment provider refused: a card declined, or a refund.'],
  '403': ['Forbidden', "The signed-in user's role lacks the permission this operation needs."],
  '404': ['NotFound', 'No such record, or not one the caller may see.'],
  '409': ['Conflict', 'The record is not in a state that allows this (already paid, taken).'],
  '410': ['Gone', 'A single-use link that was used, withdrawn or has expired.'],
  '413': ['PayloadTooLarge', 'The body, or a file in it, is larger than the server accepts.'],
  '415': ['UnsupportedMediaType', 'The body is not of a content type this operation reads.'],
  '422': ['Unprocessable', 'The request is understood but refused for good.'],
  '429': ['TooManyRequests', 'Too many requests: wait as Retry-After says, then try again.'],
  default: ['UnexpectedError', 'A failure on our side or of a service we use (500, 503).'],
} as const satisfies Record<string, readonly [string, string]>;
type ErrorStatus = keyof typeof ERROR_RESPONSES;
const isErrorStatus = (status: string): status is ErrorStatus =>
  Object.hasOwn(ERROR_RESPONSES, status);

/** @fastify/swagger's options: the document's frame and the two derivations. */
export function openApiOptions(title: string): FastifyDynamicSwaggerOptions {
  // Filled while the document is built (transform runs per route before transformObject).
  const facts = new Map<string, RouteFacts>();
  return {
    openapi: {
      info: {
        title,
        version: '1.0.0',
        description:
          'Sign in (POST /api/auth/login) and send the token as `Authorization: Bearer <token>`, ' +
          `or send a staff member's API key (\`${API_KEY_PREFIX}…\`) the same way: it reaches the ` +
          'operations its permissions allow (security `apiKey`). Every refusal answers the ' +
          'ApiError body (a 401 with `WWW-Authenticate: Bearer`); a wrong method on a known path ' +
          'answers 405 with an Allow header. CORS: the API sends no Access-Control-Allow-* ' +
          "headers, so browsers call it only from the site's own pages; call it from a server " +
          'with an API key. ' +
          'Webhook deliveries are described as callbacks of `POST /api/webhooks`, one per event, ' +
          `their bodies as the \`Webhook…\` schemas (payload version ${WEBHOOK_PAYLOAD_VERSION}).`,
      },
      // Relative: the API is on the site's own address, whichever that is (PUBLIC_URL).
      servers: [{ url: '/', description: "The site's own address" }],
      components: {
        securitySchemes: {
          [BEARER]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'A sign-in token (POST /api/auth/login or /api/auth/admin-login).',
          },
          [API_KEY]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: `${API_KEY_PREFIX}…`,
            description:
              "A staff member's API key (docs/product.md#api-keys), sent as `Authorization: " +
              'Bearer <key>`. It acts for the member who made it, with the permissions it carries ' +
              "and never more than the member's role has now; a customer's records only with " +
              'sales:manage; never the member’s own account, nor other keys. Each key has its ' +
              'own rate limit (429 with Retry-After). An expired or revoked key answers 401.',
          },
        },
      },
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      if (schema.hide || !url.startsWith('/api')) return { schema, url };
      const { route } = input;
      const method = operationMethod(route);
      const access = route.config?.access;
      const upload = isUpload(route.schema);
      facts.set(`${method} ${openApiPath(url)}`, {
        access,
        rateLimited: route.config?.rateLimit !== undefined || upload,
      });
      const documented: FastifySchema = {
        ...schema,
        operationId: schema.operationId ?? operationIdOf(method, url),
        summary: schema.summary ?? summaryOf(method, url),
        security: securityOf(
          access,
          route.config?.optionalAuth === true,
          route.config?.sessionOnly === true,
        ),
      };
      if (upload && route.schema?.form) documented.body = formSchema(route.schema.form);
      delete documented.form;
      return { schema: documented, url };
    },
    transformObject: (input) => {
      if (!('openapiObject' in input)) return input.swaggerObject;
      const { openapiObject } = input;
      const document = openapiObject as Document;
      const used = new Set<ErrorStatus>();
      for (const [path, item] of Object.entries(document.paths ?? {})) {
        for (const [method, operation] of Object.entries(item ?? {})) {
          const routeFacts = facts.get(`${method.toUpperCase()} ${path}`);
          if (!routeFacts) continue;
          for (const status of documentOperation(operation, routeFacts)) used.add(status);
        }
      }
      addErrorComponents(document, used);
      addWebhookEvents(document);
      nullableMembers(document.paths);
      nullableEnums(document);
      emptyNoContent(document);
      assertUniqueOperationIds(document);
      return openapiObject;
    },
  };
}

/**
 * Registers the document and its page at /api/docs. Every route is checked as it is registered,
 * so a route the document cannot describe stops the server from starting (as an undeclared
 * access does, plugins/auth.ts).
 */
export async function registerOpenApi(app: FastifyInstance, title: string) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.schema?.hide) return;
    // Fastify's own HEAD copy of a GET route is not an operation of its own.
    if (route.method === 'HEAD') return;
    if (isUpload(route.schema) && !route.schema?.form) {
      throw new Error(
        `Upload route ${String(route.method)} ${route.url} declares no schema.form; its OpenAPI request body is built from it.`,
      );
    }
    operationMethod(route);
  });
  await app.register(fastifySwagger, openApiOptions(title));
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list' },
  });
}

function isUpload(schema: FastifySchema | undefined): boolean {
  return schema?.consumes?.includes(MULTIPART) ?? false;
}

/** The one method of a documented route (HEAD routes are Fastify's copies of GET ones). */
function operationMethod(route: Pick<RouteOptions, 'method' | 'url'>): string {
  const methods = [route.method].flat().filter((m) => m !== 'HEAD');
  if (methods.length !== 1) {
    throw new Error(
      `Route ${methods.join(',')} ${route.url}: give each method a route of its own, so each has its own operationId.`,
    );
  }
  return methods[0]!;
}

/** Fastify's `:id` as OpenAPI's `{id}`. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The path's segments after /api: words of static segments, and parameters. */
function segmentsOf(url: string): { words: string[]; param: boolean }[] {
  return url
    .replace(/^\/api(\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':')
        ? { words: [segment.slice(1)], param: true }
        : { words: segment.split(/[^A-Za-z0-9]+/).filter(Boolean), param: false },
    );
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * The method and the path, camel-cased: `POST /api/projects/:id/balance-request` is
 * `postProjectsByIdBalanceRequest`. Stable while the route is, and unique (checked).
 */
export function operationIdOf(method: string, url: string): string {
  const words = segmentsOf(url).flatMap((s) =>
    s.param ? ['By', capitalize(s.words[0]!)] : s.words.map(capitalize),
  );
  return method.toLowerCase() + words.join('');
}

const VERBS: Record<string, string> = {
  GET: 'Get',
  POST: 'Post',
  PUT: 'Update',
  PATCH: 'Update',
  DELETE: 'Delete',
};

/**
 * A summary for a route that wrote none: the verb and the path's words, a collection named in the
 * singular before its id: `GET /api/projects/:id/payments` is 'Get project payments'.
 */
export function summaryOf(method: string, url: string): string {
  const segments = segmentsOf(url);
  const words = segments.flatMap((segment, i) => {
    if (segment.param) return [];
    const next = segments[i + 1];
    const last = segment.words.length - 1;
    return segment.words.map((word, j) =>
      next?.param && j === last ? singular(word) : word.toLowerCase(),
    );
  });
  return [VERBS[method] ?? method, ...words].join(' ');
}

function singular(word: string): string {
  const lower = word.toLowerCase();
  if (lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
  if (lower.endsWith('s') && !lower.endsWith('ss')) return lower.slice(0, -1);
  return lower;
}

/**
 * From `config.access`: a sign-in token for every route that is not public, or an API key where
 * a key may go (a permission's route; a customer's records, with sales:manage); none for a public
 * one, or either none or a sign-in token for a public one that reads a token when sent
 * (`optionalAuth`). A person's own account (`authenticated`) and the routes that make keys
 * (`sessionOnly`) take a sign-in token only.
 */
export function securityOf(
  access: string | undefined,
  optionalAuth: boolean,
  sessionOnly = false,
): Record<string, string[]>[] {
  if (access === 'public') return optionalAuth ? [{}, { [BEARER]: [] }] : [];
  if (access === 'authenticated' || sessionOnly) return [{ [BEARER]: [] }];
  return [{ [BEARER]: [] }, { [API_KEY]: [] }];
}

/** 'order.paid' -> 'WebhookOrderPaid': the component of that event's delivery body. */
export function webhookSchemaName(type: WebhookEventType): string {
  return `Webhook${type
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')}`;
}

/**
 * Every webhook event (docs/decisions/073-webhooks.md): its delivery body as a component, and a
 * callback of `POST /api/webhooks` (the operation that gives the address) per event, which
 * OpenAPI 3.0 has for requests the API makes to its client. The body's `version` is
 * WEBHOOK_PAYLOAD_VERSION; a shape that changes gets a new one.
 */
function addWebhookEvents(document: Document) {
  const schemas = ((document.components ??= {}).schemas ??= {});
  const headers = [
    ['webhook-id', 'The message id: the same for every try and resend of one event.'],
    ['webhook-timestamp', 'When this try was sent, in seconds since 1970.'],
    [
      'webhook-signature',
      '`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` with the secret.',
    ],
  ].map(([name, description]) => ({
    in: 'header',
    name,
    required: true,
    description,
    schema: { type: 'string' },
  }));
  const callbacks: Record<string, unknown> = {};
  for (const type of webhookEventTypes) {
    const name = webhookSchemaName(type);
    // Receivers must take fields added later in the same version: none is closed.
    const open = JSON.parse(
      JSON.stringify(
        z.toJSONSchema(webhookPayloadSchema(type), { target: 'openapi-3.0', io: 'output' }),
      ),
      (key, value: unknown) => (key === 'additionalProperties' ? undefined : value),
    ) as JsonSchema;
    schemas[name] = {
      ...open,
      title: type,
      description: `${webhookEventLabels[type]}. Payload version ${WEBHOOK_PAYLOAD_VERSION}.`,
    };
    callbacks[type] = {
      '{$request.body#/url}': {
        post: {
          operationId: `webhook${name.slice('Webhook'.length)}`,
          summary: `${type}: ${webhookEventLabels[type]}`,
          description:
            'Posted to each enabled endpoint that asked for the event, signed as Standard ' +
            'Webhooks say; retried for three days until the endpoint answers 2xx.',
          security: [],
          parameters: headers,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
          },
          responses: {
            '200': { description: 'Received: any 2xx answer ends the tries.' },
            default: { description: 'Anything else (a redirect too) is tried again later.' },
          },
        },
      },
    };
  }
  const addEndpoint = document.paths?.['/api/webhooks']?.post;
  if (addEndpoint) addEndpoint.callbacks = callbacks;
}

/**
 * An upload's form as a multipart/form-data schema: text fields, and files in binary. A name that
 * is both (a file, or the text that keeps or removes the current one) may be either.
 */
function formSchema(form: UploadForm): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, description] of Object.entries(form.fields)) {
    properties[name] = { type: 'string', description };
  }
  for (const [name, rule] of Object.entries(form.files)) {
    const kinds = rule.accept.join(', ');
    const max = rule.max ?? 1;
    const binary = { type: 'string', format: 'binary' };
    const file = max > 1 ? { type: 'array', items: binary, maxItems: max } : binary;
    const what = max > 1 ? `Up to ${max} files (${kinds})` : `A file (${kinds})`;
    const text = form.fields[name];
    properties[name] = text
      ? { anyOf: [{ type: 'string' }, file], description: `${what}, or as text: ${text}` }
      : { ...file, description: `${what}, checked by its bytes.` };
  }
  return {
    type: 'object',
    properties,
    ...(form.required?.length ? { required: [...form.required] } : {}),
    additionalProperties: form.otherFields ? { description: form.otherFields } : false,
  };
}

/** The shared error body and the error answers operations use, each described once. */
function addErrorComponents(document: Document, used: ReadonlySet<ErrorStatus>) {
  const components = (document.components ??= {});
  const schemas = (components.schemas ??= {});
  schemas.ApiError = z.toJSONSchema(apiErrorSchema, { target: 'openapi-3.0', io: 'output' });
  const responses = (components.responses ??= {});
  for (const [status, [name, description]] of Object.entries(ERROR_RESPONSES)) {
    if (!used.has(status as ErrorStatus)) continue;
    responses[name] = {
      description,
      ...(status === '429'
        ? {
            headers: {
              'Retry-After': {
                description: 'Seconds to wait before trying again.',
                schema: { type: 'integer' },
              },
            },
          }
        : {}),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    };
  }
}

/**
 * The error answers an operation can give (returned), and the idempotency key's header where it
 * applies.
 */
function documentOperation(operation: Operation, facts: RouteFacts): Set<ErrorStatus> {
  const parameters = operation.parameters ?? [];
  const hasBody = operation.requestBody !== undefined;
  const statuses = new Set<ErrorStatus>();
  if (hasBody || parameters.length > 0) statuses.add('400');
  if (facts.access !== 'public') statuses.add('401').add('403');
  if (parameters.some((p) => p.in === 'path')) statuses.add('404');
  if (hasBody) statuses.add('413').add('415');
  if (facts.rateLimited) statuses.add('429');
  statuses.add('default');
  // Errors a route declares itself (a payment's 402, a conflict's 409) keep their place, and
  // their own body when it is not the error schema (the inbound mail webhook's refusals).
  const responses = (operation.responses ??= {});
  for (const status of Object.keys(responses)) if (isErrorStatus(status)) statuses.add(status);
  for (const status of Object.keys(ERROR_RESPONSES) as ErrorStatus[]) {
    if (!statuses.has(status) || ownBody(responses[status])) continue;
    responses[status] = { $ref: `#/components/responses/${ERROR_RESPONSES[status][0]}` };
  }
  if (facts.access) operation['x-access'] = facts.access;
  documentIdempotencyKey(operation);
  return statuses;
}

/** A response a route declared with a body other than the error schema. */
function ownBody(response: unknown): boolean {
  const schema = (response as { content?: Record<string, { schema?: JsonSchema }> } | undefined)
    ?.content?.['application/json']?.schema;
  if (!schema) return false;
  const required = (schema.required ?? []) as string[];
  return !(required.includes('statusCode') && required.includes('error'));
}

/**
 * zod writes a nullable union as `{ anyOf: [...], nullable: true }`, which OpenAPI 3.0 ignores
 * (`nullable` needs a `type` beside it): each typed member becomes nullable instead, and a member
 * that only accepts null is added when some member has no type of its own.
 */
function nullableMembers(node: unknown) {
  if (Array.isArray(node)) return node.forEach(nullableMembers);
  if (!node || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  for (const value of Object.values(schema)) nullableMembers(value);
  const members = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (schema.nullable !== true || schema.type !== undefined || !Array.isArray(members)) return;
  delete schema.nullable;
  for (const member of members) if (member.type !== undefined) member.nullable = true;
  if (members.some((m) => m.type === undefined)) {
    members.push({ type: 'object', nullable: true, enum: [null] });
  }
}

/** A 204 has no body: zod's `z.null()` would otherwise document one (RFC 9110 §15.3.5). */
function emptyNoContent(document: Document) {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {}) as Operation[]) {
      const noContent = operation?.responses?.['204'] as {
        content?: unknown;
        description?: string;
      };
      if (!noContent) continue;
      delete noContent.content;
      if (noContent.description === 'Default Response') noContent.description = 'No content';
    }
  }
}

/**
 * A nullable enum must list null among its values: OpenAPI 3.0 (and Ajv, and the generated
 * clients) check `enum` before `nullable`, so `{ enum: ['week', 'month'], nullable: true }`
 * refuses the null the server sends (`money.period` of a one-time order).
 */
function nullableEnums(node: unknown) {
  if (Array.isArray(node)) return node.forEach(nullableEnums);
  if (!node || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  for (const value of Object.values(schema)) nullableEnums(value);
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...(schema.enum as unknown[]), null];
  }
}

/**
 * A body whose `idempotencyKey` is optional takes the key in the Idempotency-Key header instead
 * (modules/payments: the checkout reads the field, else the header, and refuses neither with 400).
 * OpenAPI cannot say 'one of the two', so the header is documented beside the field and both say
 * so.
 */
function documentIdempotencyKey(operation: Operation) {
  const body = operation.requestBody?.content?.['application/json']?.schema;
  const fields = body ? optionalProperty(body, 'idempotencyKey') : [];
  if (fields.length === 0) return;
  const rule = `Required: the idempotencyKey field or the ${IDEMPOTENCY_KEY_HEADER} header (400 without either). The same key makes a retry charge once.`;
  for (const field of fields) field.description = rule;
  const { description: _description, ...schema } = fields[0]!;
  operation.parameters = [
    ...(operation.parameters ?? []),
    { in: 'header', name: IDEMPOTENCY_KEY_HEADER, required: false, description: rule, schema },
  ];
  operation.description = [operation.description, rule].filter(Boolean).join('\n\n');
}

/** The schemas of an optional property `name` in an object schema or its anyOf/oneOf members. */
function optionalProperty(schema: JsonSchema, name: string): JsonSchema[] {
  const members = [...asList(schema.anyOf), ...asList(schema.oneOf), ...asList(schema.allOf)];
  const own: JsonSchema[] = [];
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  const required = asList(schema.required);
  if (properties?.[name] && !required.includes(name)) own.push(properties[name]);
  return [...own, ...members.flatMap((m) => optionalProperty(m as JsonSchema, name))];
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function assertUniqueOperationIds(document: Document) {
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      const id = operation.operationId;
      if (!id) continue;
      const where = `${method.toUpperCase()} ${path}`;
      if (seen.has(id)) throw new Error(`operationId ${id} of ${where} is also ${seen.get(id)}'s`);
      seen.set(id, where);
    }
  }
}
