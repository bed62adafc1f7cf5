/** How long caches may reuse a page or site document without asking again. */
export const PAGE_CACHE_CONTROL = 'public, max-age=300';

/** The OpenAPI document changes only on deploy; five minutes keeps clients current soon after one. */
export const OPENAPI_CACHE_CONTROL = 'public, max-age=300';

/** The OAuth discovery documents (RFC 8414, RFC 9728) change only on deploy. */
export const METADATA_CACHE_CONTROL = 'public, max-age=3600';

/** Answers about this moment (health, tokens, problems): no cache may keep them. */
export const NO_STORE = 'no-store';
