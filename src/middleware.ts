import { sequence } from 'astro:middleware';
import { getConfig } from './lib/config/config.ts';
import { pageRepresentation } from './middleware/page-representation.ts';
import { resolvePage } from './middleware/resolve-page.ts';

const { baseUrl } = getConfig();

/**
 * Astro renders for the site server (src/server/), which answers every request itself: these
 * steps name the guide page a path asks for and render it as HTML or as its Markdown twin.
 */
export const onRequest = sequence(resolvePage(), pageRepresentation({ baseUrl }));
