import type { APIRoute } from 'astro';
import { getOpenApiRepresentations } from '../../lib/openapi/openapi-representations.ts';
import { serveOpenApi } from '../../lib/openapi/serve-openapi.ts';

/** The OpenAPI description as YAML (spec 4.2); HEAD is answered by this handler too, without a body. */
export const GET: APIRoute = ({ request }) => serveOpenApi(request, getOpenApiRepresentations().yaml);
