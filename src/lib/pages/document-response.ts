import type { Representation } from '../http/representation.ts';
import { PAGE_CACHE_CONTROL } from '../http/cache-control.ts';
import { representationResponse } from '../http/representation-response.ts';

/** The response for a site document (`llms.txt`, the sitemap…): one representation, varying only by coding. */
export const documentResponse = async (document: Promise<Representation>, request: Request): Promise<Response> =>
  representationResponse(await document, request, {
    headers: { Vary: 'Accept-Encoding' },
    cacheControl: PAGE_CACHE_CONTROL,
  });
