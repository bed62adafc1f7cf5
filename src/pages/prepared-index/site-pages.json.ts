import type { APIRoute } from 'astro';
import { getSitePageIndex } from '../../lib/content/guide-pages.ts';

/**
 * The frontmatter the site's page list is made of (`SitePageIndex`), rendered by `npm run
 * build` only (scripts/build/prerender.ts) for the server to build `llms.txt` and the
 * sitemap without Astro; the site server routes no client to this path.
 */
export const GET: APIRoute = async () => Response.json(await getSitePageIndex());
