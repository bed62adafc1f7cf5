import type { Representation } from './representation.ts';
import { representationResponse } from './representation-response.ts';

/** The response for a site document (`llms.txt`, the sitemap…): one representation, varying only by coding. */
export const documentResponse = async (document: Promise<Representation>, request: Request): Promise<Response> =>
  representationResponse(await document, request, { Vary: 'Accept-Encoding' });
