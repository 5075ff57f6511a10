import type { ApiRoutes } from '@noise/shared/api-routes';

/**
 * The paths the web app may call, from the server's own route table (`npm run openapi` writes
 * packages/shared/src/api-routes.ts): a call to a route that does not exist, or with a method
 * the route does not answer, fails `tsc` instead of a browser test.
 */
type Route = keyof ApiRoutes;

/** A route with its `{name}` parameters filled by any text, as a template literal type. */
type Filled<R extends string> = R extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${Filled<Tail>}`
  : R;

/** What a call may name for one route: the path, with a query string or without. */
type CallOf<R extends Route> = Filled<R> | `${Filled<R>}?${string}`;

/** Any path the server answers. */
export type ApiPath = { [R in Route]: CallOf<R> }[Route];

/** The methods the route(s) a path can name answer. */
export type MethodOf<P extends string> = {
  [R in Route]: P extends CallOf<R> ? ApiRoutes[R] : never;
}[Route];

/** A path with the query parameters that have a value (none: the path alone). */
export function withQuery<P extends ApiPath>(
  path: P,
  params: Record<string, string | number | boolean | null | undefined>,
): P | `${P}?${string}` {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
