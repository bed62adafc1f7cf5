import type { Representation } from '../http/representation.ts';
import { representationResponse } from '../http/representation-response.ts';

/** How long shared and private caches may reuse a page or site document without asking again. */
export const PAGE_CACHE_CONTROL = 'public, max-age=300';

/** The response for a site document (`llms.txt`, the sitemap…): one representation, varying only by coding. */
export const documentResponse = async (document: Promise<Representation>, request: Request): Promise<Response> =>
  representationResponse(await document, request, {
    headers: { Vary: 'Accept-Encoding' },
    cacheControl: PAGE_CACHE_CONTROL,
  });
