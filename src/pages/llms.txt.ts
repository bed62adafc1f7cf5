import type { APIRoute } from 'astro';
import { getConfig } from '../lib/config/config.ts';
import { llmsTxt } from '../lib/discovery/site-documents.ts';

/** `/llms.txt` (llmstxt.org): the map of the site for LLMs and agents. Rendered for the site server, which stores it per data version (src/server/store/rendered-resources.ts). */
export const GET: APIRoute = async () =>
  new Response(await llmsTxt(getConfig().baseUrl), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
