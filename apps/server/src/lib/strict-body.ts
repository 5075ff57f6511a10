import { z } from 'zod';

/**
 * The same schema, with every object in it refusing keys it does not name
 * (docs/decisions/063-unknown-fields.md). A client that sends an old or misspelt field
 * (`desc` for `description`) hears which one with a 400, instead of losing it silently.
 * Objects that already accept other keys (a catchall, a record) are left as they are; so are
 * intersections, whose sides each name only part of the keys.
 */
export function strictDeep<T extends z.ZodType>(schema: T): T {
  return convert(schema) as T;
}

const converted = new WeakMap<z.ZodType, z.ZodType>();

function convert(schema: z.ZodType): z.ZodType {
  const known = converted.get(schema);
  if (known) return known;
  const result = rebuild(schema);
  converted.set(schema, result);
  return result;
}

function rebuild(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const clone = (changes: Record<string, unknown>) =>
    schema.clone({ ...def, ...changes } as typeof schema._zod.def);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const catchall = def.catchall as z.ZodType | undefined;
      if (catchall && catchall._zod.def.type !== 'never') return schema;
      const strictShape = Object.fromEntries(
        Object.entries(shape).map(([key, value]) => [key, convert(value)]),
      );
      return clone({ shape: strictShape, catchall: z.never() });
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return clone({ innerType: convert(def.innerType as z.ZodType) });
    case 'array':
      return clone({ element: convert(def.element as z.ZodType) });
    case 'union':
      return clone({ options: (def.options as z.ZodType[]).map(convert) });
    case 'pipe':
      return clone({ in: convert(def.in as z.ZodType) });
    default:
      return schema;
  }
}
