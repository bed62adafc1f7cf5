// Build step: the Pagefind search index of the guide, per locale, in dist/client/pagefind/.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as pagefind from 'pagefind';
import { buildCatalogView } from '../../src/lib/catalog-page/build-catalog-view.ts';
import { COMPILED_PANELS_PATH, loadCompiledPanels } from '../../src/lib/catalog/compiled-panels.ts';
import { LOCALES } from '../../src/lib/content/locales.ts';
import { pagePath } from '../../src/lib/content/page-paths.ts';
import { ITEM_PAGE_FAMILIES } from '../../src/lib/content/page-registry.ts';
import { BASE_URL_PLACEHOLDER } from '../../src/lib/config/config.ts';
import { PREPARED_RENDERS_PATH, type PreparedRender } from '../../src/server/store/prepared-renders.ts';

const ROOT = new URL('../../', import.meta.url);

/** Fails the build on any error Pagefind reports. */
function check<T extends { errors: string[] }>(response: T): T {
  if (response.errors.length > 0) throw new Error(`Pagefind: ${response.errors.join('; ')}`);
  return response;
}

/**
 * Indexes the pages the build prepared (their `data-pagefind-body`, Starlight's main) and
 * one record per marker of the bundled catalog in each locale, named and described in that
 * locale and findable by its names in all seven languages. Pagefind splits the index by
 * each page's language, and Starlight's search loads the one of the page it is on. The
 * data-driven pages (`/biomarkers`, `/developers/api`) are rendered by the server, not the
 * build, so the markers stand in for them; an external catalog origin with other markers
 * than the bundled data would make the index lag until the next build.
 */
export async function buildSearchIndex(): Promise<number> {
  const renders = JSON.parse(
    await readFile(fileURLToPath(new URL(PREPARED_RENDERS_PATH, ROOT)), 'utf8'),
  ) as PreparedRender[];
  const panels = await loadCompiledPanels(fileURLToPath(new URL(COMPILED_PANELS_PATH, ROOT)), BASE_URL_PLACEHOLDER);
  if (panels === undefined) throw new Error(`${COMPILED_PANELS_PATH} is missing: compile the catalog first`);
  const { index } = check(await pagefind.createIndex({}));
  if (index === undefined) throw new Error('Pagefind made no index');
  let records = 0;
  try {
    for (const render of renders) {
      if (!render.key.startsWith('html ')) continue;
      check(await index.addHTMLFile({ url: render.key.slice('html '.length), content: render.text }));
      records += 1;
    }
    for (const family of ITEM_PAGE_FAMILIES) {
      for (const locale of LOCALES) {
        const view = buildCatalogView(panels, { locale, baseUrl: BASE_URL_PLACEHOLDER, otherCategory: '' });
        for (const marker of view.categories.flatMap((category) => category.markers)) {
          check(
            await index.addCustomRecord({
              url: pagePath(locale, `${family.slug}/${marker.key}`),
              content: [marker.name.text, marker.description?.text ?? '', marker.search].join('\n'),
              language: locale,
              meta: { title: marker.name.text },
            }),
          );
          records += 1;
        }
      }
    }
    check(await index.writeFiles({ outputPath: fileURLToPath(new URL('dist/client/pagefind/', ROOT)) }));
  } finally {
    await pagefind.close();
  }
  return records;
}
