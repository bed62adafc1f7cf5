import { sequence } from 'astro:middleware';
import { getConfig } from './lib/config/config.ts';
import { pageRepresentation } from './middleware/page-representation.ts';
import { resolvePage } from './middleware/resolve-page.ts';

const { baseUrl } = getConfig();

/** Astro renders only for the site server (src/server/): name the guide page, then render it as HTML or Markdown. */
export const onRequest = sequence(resolvePage(), pageRepresentation({ baseUrl }));
