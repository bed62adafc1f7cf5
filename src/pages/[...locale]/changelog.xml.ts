import type { APIRoute } from 'astro';
import { changelogFeedResponse } from '../../lib/discovery/site-documents.ts';

/**
 * The changelog's Atom feed of every entry in a language: `/changelog.xml`, `/de/changelog.xml`. Rendered by the
 * build, served as a prepared document (its row in src/server/routes.ts); any other locale prefix is a 404.
 */
export const GET: APIRoute = ({ url, locals }) => changelogFeedResponse(url.pathname, locals.config.baseUrl);
