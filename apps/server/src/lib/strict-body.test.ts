import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { strictDeep } from './strict-body.ts';

describe('strictDeep', () => {
  it('refuses unknown keys at every depth and keeps every rule of the schema', () => {
    const schema = strictDeep(
      z
        .object({
          name: z.string().min(1),
          guest: z.object({ email: z.email() }).optional(),
          items: z.array(z.object({ title: z.string() })).default([]),
          price: z.union([z.object({ cents: z.number() }), z.null()]),
          tags: z.record(z.string(), z.unknown()).optional(),
        })
        .refine((v) => v.name !== 'nope', { message: 'not nope', path: ['name'] }),
    );
    expect(schema.safeParse({ name: 'a', price: null }).success).toBe(true);
    const unknown = (value: unknown) =>
      schema.safeParse(value).error?.issues.map((i) => [i.code, i.path.join('.')]);
    expect(unknown({ name: 'a', price: null, desc: 'x' })).toEqual([['unrecognized_keys', '']]);
    expect(unknown({ name: 'a', price: null, guest: { email: 'a@b.co', x: 1 } })).toEqual([
      ['unrecognized_keys', 'guest'],
    ]);
    expect(unknown({ name: 'a', price: { cents: 1, c: 2 } })).toEqual([
      ['unrecognized_keys', 'price'],
    ]);
    expect(unknown({ name: 'a', price: null, items: [{ title: 't', y: 1 }] })).toEqual([
      ['unrecognized_keys', 'items.0'],
    ]);
    // A record accepts any key; the refinement still runs.
    expect(schema.safeParse({ name: 'a', price: null, tags: { any: 1 } }).success).toBe(true);
    expect(unknown({ name: 'nope', price: null })).toEqual([['custom', 'name']]);
  });
});
