import { readFile } from 'node:fs/promises';
import type { SitePageIndex } from '../../lib/content/site-page-index.ts';
import type { Rendered } from './astro-renderer.ts';
import type { RenderedResource } from './rendered-resources.ts';

/**
 * The path the build renders the index at through Astro (`src/pages/prepared-index/`); no client can reach it
 * (routes.ts).
 */
export const SITE_PAGE_INDEX_RENDER_PATH = '/prepared-index/site-pages.json';

/** Where `npm run build` writes the site's page index (`SitePageIndex`), relative to the project root. */
export const SITE_PAGE_INDEX_PATH = 'dist/prepared/site-pages.json';

/** Makes a resource's text without Astro, or undefined without build output (Astro renders it then). */
export type ResourceBuilder = (resource: RenderedResource) => Promise<Rendered | undefined>;

/** The two documents built from the page list, by resource key, with their builder and content type. */
const DOCUMENTS = {
  '/llms.txt': {
    contentType: 'text/plain; charset=utf-8',
    builder: async () => (await import('../../lib/discovery/build-llms-txt.ts')).buildLlmsTxt,
  },
  '/sitemap.xml': {
    contentType: 'application/xml; charset=utf-8',
    builder: async () => (await import('../../lib/discovery/build-crawl-documents.ts')).buildSitemap,
  },
};

/**
 * Builders of `/llms.txt` and `/sitemap.xml` from the build's page index and current data: the same builders as their
 * Astro routes, so the same bytes, without loading the Astro bundle.
 */
export function sitePageDocumentBuilders(indexFile: string, baseUrl: string): ReadonlyMap<string, ResourceBuilder> {
  let index: Promise<SitePageIndex | undefined> | undefined;
  const loadIndex = async () => {
    const { parseSitePageIndex } = await import('../../lib/content/site-page-index.ts');
    try {
      return parseSitePageIndex(await readFile(indexFile, 'utf8'));
    } catch {
      return undefined;
    }
  };
  const build =
    (document: (typeof DOCUMENTS)[keyof typeof DOCUMENTS]): ResourceBuilder =>
    async () => {
      const pages = await (index ??= loadIndex());
      if (pages === undefined) return undefined;
      const [{ listSitePagesOf }, builder] = await Promise.all([
        import('../../lib/content/site-page-index.ts'),
        document.builder(),
      ]);
      const summaries = await listSitePagesOf(pages, baseUrl);
      return { status: 200, contentType: document.contentType, text: builder(summaries, baseUrl) };
    };
  return new Map(Object.entries(DOCUMENTS).map(([key, document]) => [key, build(document)]));
}
