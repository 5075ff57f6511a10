import { createHash } from 'node:crypto';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/**
 * Every answer an API test sees, checked against the OpenAPI document the app serves (decision
 * 072): a JSON body against the schema its route documents for that status, errors included. A
 * mismatch turns the answer into a 500 that names it, so the test that saw it fails. The
 * runtime's own check is the zod schema the route serializes with; this one is what a client
 * generated from the document checks (a null that a schema's enum does not allow, say).
 */
type Operation = { responses?: Record<string, { $ref?: string; content?: Content }> };
type Content = Record<string, { schema?: unknown }>;
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: { responses?: Record<string, { content?: Content }> };
};

/** One compiler per document (test apps of one run serve the same one), with its validators. */
const compilers = new Map<string, { ajv: Ajv; validators: Map<string, ValidateFunction | null> }>();

function compilerOf(document: Document) {
  const id = createHash('sha1')
    .update(JSON.stringify({ paths: document.paths, components: document.components }))
    .digest('hex');
  let compiler = compilers.get(id);
  if (!compiler) {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(document, id);
    compiler = { ajv, validators: new Map() };
    compilers.set(id, compiler);
  }
  return { id, ...compiler };
}

/** The JSON pointer of the documented schema of an answer, or undefined when none is. */
function schemaPointer(document: Document, route: string, method: string, status: number) {
  const responses = document.paths[route]?.[method]?.responses;
  const code = responses?.[String(status)] ? String(status) : 'default';
  const response = responses?.[code];
  if (!response) return undefined;
  const shared = response.$ref?.match(/^#\/components\/responses\/(.+)$/)?.[1];
  if (shared) {
    return document.components?.responses?.[shared]?.content?.['application/json']?.schema
      ? `/components/responses/${escape(shared)}/content/application~1json/schema`
      : undefined;
  }
  return response.content?.['application/json']?.schema
    ? `/paths/${escape(route)}/${method}/responses/${code}/content/application~1json/schema`
    : undefined;
}

const escape = (segment: string) =>
  encodeURIComponent(segment.replaceAll('~', '~0').replaceAll('/', '~1'));

export function checkAnswersAgainstDocument(app: FastifyInstance) {
  let compiler: ReturnType<typeof compilerOf> | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api/') || url.startsWith('/api/docs')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.includes('application/json') || typeof payload !== 'string') return payload;
    const document = app.swagger() as unknown as Document;
    compiler ??= compilerOf(document);
    const route = url.replace(/:(\w+)/g, '{$1}');
    const method = request.method.toLowerCase();
    const status = reply.statusCode;
    const key = `${method} ${route} ${status}`;
    let validate = compiler.validators.get(key);
    if (validate === undefined) {
      const pointer = schemaPointer(document, route, method, status);
      validate = pointer ? compiler.ajv.compile({ $ref: `${compiler.id}#${pointer}` }) : null;
      compiler.validators.set(key, validate);
    }
    if (!validate || validate(JSON.parse(payload))) return payload;
    const why = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
      .join('; ');
    reply.code(500);
    return JSON.stringify({
      statusCode: 500,
      error: 'answer_not_as_documented',
      message: `${request.method} ${url} answered ${status} not as documented: ${why}`,
    });
  });
}
