import type { APIRoute } from 'astro';
import { handleTokenRequest } from '../../lib/oauth/token-endpoint.ts';

/** RFC 6749 §4.4.2: the client-credentials token request. */
export const POST: APIRoute = ({ request }) => handleTokenRequest(request);
