/**
 * The path the build renders the site's page index at through Astro (`src/pages/prepared-index/`); no client can
 * reach it: the route table has no row for it.
 */
export const SITE_PAGE_INDEX_RENDER_PATH = '/prepared-index/site-pages.json';

/** Where `npm run build` writes the site's page index (`SitePageIndex`), relative to the project root. */
export const SITE_PAGE_INDEX_PATH = 'dist/prepared/site-pages.json';
