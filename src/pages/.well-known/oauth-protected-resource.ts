import type { APIRoute } from 'astro';
import { getConfig } from '../../lib/config/config.ts';
import { buildProtectedResourceMetadata, metadataHandler } from '../../lib/oauth/discovery-metadata.ts';

/** RFC 9728 §3: protected resource metadata, built and validated once when the route loads. HEAD uses GET. */
export const GET: APIRoute = metadataHandler(buildProtectedResourceMetadata(getConfig().baseUrl));
