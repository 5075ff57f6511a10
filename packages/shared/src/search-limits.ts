/**
 * The service search's limits, without the catalogue's schemas: the search results page reads
 * them too, and a public page should not load zod for two numbers.
 */
export const SEARCH_MAX_RESULTS = 10;
/** A longer query is cut to this, not refused (docs/product.md#search). */
export const SEARCH_MAX_QUERY_LENGTH = 100;
