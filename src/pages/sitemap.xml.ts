import type { APIRoute } from 'astro';
import { getConfig } from '../lib/config/config.ts';
import { getSitemapXml } from '../lib/discovery/site-documents.ts';
import { documentResponse } from '../lib/pages/document-response.ts';

/** `GET|HEAD /sitemap.xml`: every indexable page in every locale, with hreflang alternates. */
export const GET: APIRoute = ({ request }) => documentResponse(getSitemapXml(getConfig().baseUrl), request);
