import type { APIRoute } from 'astro';
import { llmsFullTxt } from '../lib/discovery/site-documents.ts';

/**
 * `/llms-full.txt`: every English page of the guide as Markdown, in one file, from the data of the services the site
 * server hands the render (`locals`). Rendered for the site server, which stores it per data version (its row in
 * src/server/routes.ts).
 */
export const GET: APIRoute = async ({ locals }) =>
  new Response(await llmsFullTxt(locals.config, locals), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
