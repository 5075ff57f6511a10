import { describe, expect, it } from 'vitest';
import { afterRoutes, beforeRoutes } from './infrastructure.ts';

describe('infrastructure', () => {
  it('registers the hooks every answer needs first, sign-in before the document, the web app last', () => {
    expect(beforeRoutes.map((piece) => piece.name)).toEqual([
      'error handler',
      'query log',
      'security headers',
      'storage guard',
      'compression',
      'cookies',
      'multipart bodies',
      'uploads route',
      'rate limits',
      'sign-in',
      'OpenAPI document',
    ]);
    expect(afterRoutes.map((piece) => piece.name)).toEqual(['job runner', 'web app']);
  });
});
