import type { APIRoute } from 'astro';
import { getSitePageIndex } from '../../lib/site-pages/guide-pages.ts';

/**
 * The page index the server builds `llms.txt` and the sitemap from, rendered by the build only; no client is routed
 * here.
 */
export const GET: APIRoute = async () => Response.json(await getSitePageIndex());
