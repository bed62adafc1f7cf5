import type { APIRoute } from 'astro';
import { getCatalogService } from '../../../lib/catalog/catalog-service-instance.ts';
import { serveCatalog } from '../../../lib/catalog/serve-catalog.ts';
import { getConfig } from '../../../lib/config/config.ts';

/** The public catalog (spec 4.1); HEAD is answered by this handler too, without a body. */
export const GET: APIRoute = ({ request }) => serveCatalog(request, getCatalogService(), getConfig().baseUrl);
