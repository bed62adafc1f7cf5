import type { MiddlewareHandler } from 'astro';
import { resolvePageRequest } from '../lib/content/page-items.ts';

/** The route pattern of `src/pages/[...page].astro`, which renders every guide page. */
export const PAGE_ROUTE = '/[...page]';

/** Names the guide page a path asks for (`context.locals.page`); an unknown path is a bare 404 here. */
export function resolvePage(): MiddlewareHandler {
  return async function resolvePageStep(context, next) {
    if (context.routePattern !== PAGE_ROUTE) return next();
    const page = await resolvePageRequest(context.url.pathname);
    if (page === undefined) return new Response(null, { status: 404 });
    context.locals.page = page;
    return next();
  };
}
