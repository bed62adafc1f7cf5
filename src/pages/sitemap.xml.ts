import type { APIRoute } from 'astro';
import { getConfig } from '../lib/config/config.ts';
import { sitemapXml } from '../lib/discovery/site-documents.ts';

/** `/sitemap.xml`: every indexable page in every locale, with hreflang alternates. Rendered for the site server, which stores it per data version (src/server/store/rendered-resources.ts). */
export const GET: APIRoute = async () =>
  new Response(await sitemapXml(getConfig().baseUrl), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
