import fc from 'fast-check';

/**
 * Hostile inputs for the bad-input property tests, and a small reader of the OpenAPI (JSON
 * Schema) shapes the server publishes for its routes: enough to build a plausible body, and to
 * tell when a generated value certainly breaks the declared schema (then the route must refuse
 * it with a 4xx).
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  pattern?: string;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  const?: unknown;
};

// --- Hostile values -------------------------------------------------------------------------

const ONE_MB = 1024 * 1024;

/** Strings that have broken parsers, databases, logs and renderers before. */
export const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'nul\u0000inside',
  '\uD800', // lone high surrogate
  'x\uDC00y', // lone low surrogate
  '\u202Egnp.exe', // right-to-left override
  '\u200B\u200C\u200D\uFEFF', // zero-width characters and a byte order mark
  '😀🏳️‍🌈👩‍👩‍👧‍👦',
  'e\u0301\u0301\u0301\u0301\u0301\u0301', // stacked combining marks
  'Z̴̡̧̛̛̛͔̖̜̝̞̟̠̣̤̥̦̩̪̫̬̭̮̯̰̱̲̳̹̺̻̼͇͈͉͍͎̀́̂̃̄̅̆̇̈̉̊̋̌̍̎̏̐̑̒̓̔̽̾̿̀́͂̓̈́͆͊͋͌͐͑͒͗͛ͣͤͥͦͧͨͩͪͫͬͭͮͯ͘͜͟͢͝͞͠͡',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  "' or 1=1 --",
  "'; drop table users; --",
  '"\\',
  '%00',
  '%s%s%s%n',
  '${jndi:ldap://127.0.0.1/a}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '-1',
  '1e308',
  '../../../../etc/passwd',
  'C:\\Windows\\win.ini',
  '\r\nSet-Cookie: a=b',
  'a'.repeat(10_000),
];

export const hugeString = (bytes = ONE_MB) => 'A'.repeat(bytes);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom(hugeString(300_000), hugeString(5_000)) },
);

/** Numbers a price, quantity or amount field should never accept (or must survive). */
export const hostileNumbers = [
  -1,
  -0.01,
  0,
  -0,
  0.001,
  1.005,
  0.1 + 0.2,
  1e308,
  -1e308,
  1e21,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  -(2 ** 31) - 1,
  4.9e-324,
  1e-7,
];

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...hostileNumbers) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer({ min: -1_000_000_000, max: -1 }) },
);

/** Values of every JSON type, including shapes nobody expects. */
export const anyJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileString,
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.constant('x'), { minLength: 1, maxLength: 5 }),
  fc.constant(Array.from({ length: 50_000 }, (_, i) => i)),
  fc.constant({ $gt: '' }),
  fc.constant(nest(200)),
);

function nest(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/**
 * Fields a client might add to take what is not theirs: a role, someone's payment details, a
 * price, a status, an id. A route must ignore or refuse them, never apply them.
 */
export const privilegedFields = fc.record(
  {
    role: fc.constantFrom('super-admin', 'admin', 'co-ordinator'),
    paymentInfo: fc.constant({ paymentCustomerId: 'cus_x', defaultPaymentMethodId: 'pm_x' }),
    userId: fc.constantFrom('someone-else', 'admin'),
    price: fc.constantFrom(0, 0.01, -100),
    totalPrice: fc.constantFrom(0, 0.01),
    status: fc.constantFrom('completed', 'paid', 'succeeded'),
    id: fc.constant('forged-id'),
    _id: fc.constant('forged-id'),
    isOAuth: fc.constant(true),
    tokenVersion: fc.constant(-1),
    replyKeyVersion: fc.constant(-1),
    paidAt: fc.constant('2020-01-01T00:00:00Z'),
  },
  { requiredKeys: [] },
);

/** JSON text that does not parse (and the non-JSON number tokens NaN and Infinity). */
export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    '{"amount": NaN}',
    '{"amount": Infinity}',
    '{"amount": -Infinity}',
    "{'single': 'quotes'}",
    '{"a":1,}',
    '[1,2',
    'undefined',
    '\u0000',
    '{"a":"\\u00"}',
    '{"__proto__": {"role": "super-admin"}}',
    '{"constructor": {"prototype": {"role": "super-admin"}}}',
    '\uFEFF{"a":1',
  ),
  fc.json().map((text) => `${text}}`),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).filter((s) => {
    try {
      JSON.parse(s);
      return false;
    } catch {
      return true;
    }
  }),
);

/** Route parameters that try to leave their folder or table. */
export const pathTrick: fc.Arbitrary<string> = fc.constantFrom(
  '..',
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%252e%252e%252f',
  '/etc/passwd',
  'C:%5CWindows%5Cwin.ini',
  '%00',
  'abc%00.png',
  '%ff%fe',
  '%uD800',
  encodeURIComponent('\u202Egnp.exe'),
  encodeURIComponent("' or 1=1 --"),
  encodeURIComponent('<script>'),
  'a'.repeat(5_000),
  '0',
  '-1',
  'null',
  '%20',
);

export const wrongContentTypes = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'text/html; charset=utf-8',
  'application/json; charset=utf-16',
  'image/png',
];

// --- Reading the declared shapes --------------------------------------------------------------

/** A plausible value for a schema (not necessarily valid: patterns and refinements are unknown). */
export function exampleFor(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives?.length) return exampleFor(alternatives[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        out[key] = exampleFor(child);
      }
      return out;
    }
    case 'array':
      return [];
    case 'string':
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    case 'integer':
    case 'number':
      return Math.max(typeof schema.minimum === 'number' ? schema.minimum : 0, 0) + 1;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/**
 * True when the value certainly breaks the schema (type, enum, length, range, required, pattern).
 * Keywords it does not know count as satisfied, so "false" means "maybe valid".
 */
export function violates(schema: JsonSchema | undefined, value: unknown): boolean {
  if (!schema) return false;
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives) return alternatives.every((alt) => violates(alt, value));
  if (value === null) return !schema.nullable && schema.type !== 'null' && hasType(schema);
  if (schema.allOf?.some((s) => violates(s, value))) return true;
  if (schema.enum && !schema.enum.some((e) => e === value)) return true;
  if (schema.const !== undefined && schema.const !== value) return true;
  const types = schema.type === undefined ? [] : [schema.type].flat();
  if (types.length && !types.some((t) => isType(t, value))) return true;
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) return true;
    // zod may trim before it checks: compare what is left after trimming.
    if (schema.maxLength !== undefined && value.trim().length > schema.maxLength) return true;
    if (schema.pattern && !new RegExp(schema.pattern).test(value.trim())) return true;
  }
  if (typeof value === 'number') {
    const min = schema.minimum;
    const max = schema.maximum;
    const exclusiveMin =
      schema.exclusiveMinimum === true ? min : (schema.exclusiveMinimum as number | undefined);
    const exclusiveMax =
      schema.exclusiveMaximum === true ? max : (schema.exclusiveMaximum as number | undefined);
    if (exclusiveMin !== undefined && value <= exclusiveMin) return true;
    if (exclusiveMax !== undefined && value >= exclusiveMax) return true;
    if (min !== undefined && value < min) return true;
    if (max !== undefined && value > max) return true;
  }
  if (isType('object', value) && schema.properties) {
    const object = value as Record<string, unknown>;
    for (const key of schema.required ?? []) {
      if (!(key in object) || object[key] === undefined) return true;
    }
    for (const [key, child] of Object.entries(schema.properties)) {
      if (object[key] !== undefined && violates(child, object[key])) return true;
    }
  }
  if (Array.isArray(value) && schema.items && value.some((v) => violates(schema.items, v))) {
    return true;
  }
  return false;
}

function hasType(schema: JsonSchema): boolean {
  return schema.type !== undefined || !!schema.properties || !!schema.enum;
}

function isType(type: string, value: unknown): boolean {
  switch (type) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      return true;
  }
}

/** Paths (one or two levels deep) of the properties a body schema declares. */
export function fieldPaths(schema: JsonSchema | undefined): string[][] {
  const root = schema?.oneOf?.[0] ?? schema?.anyOf?.[0] ?? schema;
  const out: string[][] = [];
  for (const [key, child] of Object.entries(root?.properties ?? {})) {
    out.push([key]);
    for (const inner of Object.keys(child.properties ?? {})) out.push([key, inner]);
  }
  return out;
}

/** A copy of `value` with the field at `path` set (created when missing). */
export function setPath(value: unknown, path: string[], next: unknown): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) {
    const child = target[key];
    if (typeof child !== 'object' || child === null || Array.isArray(child)) target[key] = {};
    target = target[key] as Record<string, unknown>;
  }
  target[path[path.length - 1]!] = next;
  return copy;
}

/** A copy of `value` without the field at `path`. */
export function deletePath(value: unknown, path: string[]): unknown {
  const copy = structuredClone(value) as Record<string, unknown>;
  let target: Record<string, unknown> | undefined = copy;
  for (const key of path.slice(0, -1)) {
    target = target?.[key] as Record<string, unknown> | undefined;
  }
  if (target && typeof target === 'object') delete target[path[path.length - 1]!];
  return copy;
}
