import type { MiddlewareHandler } from 'astro';
import { resolvePageRequest } from '../lib/content/page-items.ts';
import { notFoundResponse } from '../lib/http/not-found-response.ts';

/** The route pattern of `src/pages/[...page].astro`, which renders every guide page. */
export const PAGE_ROUTE = '/[...page]';

/** Options of the page resolver. */
export interface ResolvePageOptions {
  baseUrl: string;
}

/**
 * Names the guide page a request asks for (`context.locals.page`), before the method
 * guard runs. The page route matches any path, so a path the registry does not know gets
 * the site's usual 404 here, whatever the method, exactly as if no route had matched;
 * so does an item family's page whose key its data does not hold.
 */
export function resolvePage({ baseUrl }: ResolvePageOptions): MiddlewareHandler {
  return async function resolvePageStep(context, next) {
    if (context.routePattern !== PAGE_ROUTE) return next();
    const page = await resolvePageRequest(context.url.pathname);
    if (page === undefined) return notFoundResponse(baseUrl, context.request, context.url.pathname);
    context.locals.page = page;
    return next();
  };
}
