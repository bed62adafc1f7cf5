import type { APIRoute } from 'astro';
import { getConfig } from '../../lib/config/config.ts';
import { buildAuthorizationServerMetadata, metadataHandler } from '../../lib/oauth/discovery-metadata.ts';

/** RFC 8414 §3: authorization server metadata, built and validated once when the route loads. HEAD uses GET. */
export const GET: APIRoute = metadataHandler(buildAuthorizationServerMetadata(getConfig().baseUrl));
