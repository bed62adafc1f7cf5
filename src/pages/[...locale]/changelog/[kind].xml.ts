import type { APIRoute } from 'astro';
import { changelogFeedResponse } from '../../../lib/discovery/site-documents.ts';

/**
 * The changelog's Atom feed of one kind of entry in a language: `/changelog/api.xml`, `/de/changelog/catalog.xml`…
 * Rendered by the build, served as a prepared document (its row in src/server/routes.ts); an unknown kind is a 404.
 */
export const GET: APIRoute = ({ url, locals }) => changelogFeedResponse(url.pathname, locals.config.baseUrl);
