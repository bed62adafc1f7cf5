// Build step: the Pagefind search index of the guide, per locale, in dist/client/pagefind/.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pagefind from 'pagefind';
import { parse } from 'yaml';
import { buildCatalogView } from '../../src/lib/catalog-page/build-catalog-view.ts';
import { catalogSearchWords } from '../../src/lib/catalog-page/marker-labels.ts';
import type { CompiledPanels } from '../../src/lib/catalog/compiled-panels.ts';
import { BASE_URL_PLACEHOLDER } from '../../src/lib/config/config.ts';
import { siteLocalesOf } from '../../src/lib/config/site-locales.ts';
import { DEFAULT_LOCALE, LOCALE_RULES, LOCALES, type Locale } from '../../src/lib/content/locales.ts';
import { pagePath } from '../../src/lib/content/page-paths.ts';
import { GUIDE_PAGES, ITEM_PAGE_FAMILIES } from '../../src/lib/content/page-registry.ts';
import type { UiStrings } from '../../src/lib/content/ui-strings-schema.ts';
import { PREPARED_RENDERS_PATH, type PreparedRender } from '../../src/server/store/prepared-renders.ts';
import { buildRenderer, loadBundledPanels } from './build-renderer.ts';
import { KnownWordsCollector } from './known-words.ts';
import { markerRecordHtml, searchableHtml, withSearchWords } from './search-html.ts';

const ROOT = new URL('../../', import.meta.url);

/** Fails the build on any error Pagefind reports. */
function check<T extends { errors: string[] }>(response: T): T {
  if (response.errors.length > 0) throw new Error(`Pagefind: ${response.errors.join('; ')}`);
  return response;
}

/** The interface strings of a locale; the Astro build has validated the file against its schema. */
async function readUiStrings(locale: Locale): Promise<UiStrings> {
  const yaml = await readFile(
    join(siteLocalesOf(process.env, fileURLToPath(ROOT), LOCALE_RULES).contentDir, 'i18n', `${locale}.yaml`),
    'utf8',
  );
  return parse(yaml) as UiStrings;
}

/** A locale's search vocabulary as the biomarker browser's filter reads it (`catalogSearchWords`). */
async function readSearchWords(locale: Locale) {
  const others = LOCALES.filter((other) => other !== locale);
  return catalogSearchWords(await readUiStrings(locale), await Promise.all(others.map(readUiStrings)));
}

/** A prepared page's locale and its path without the locale (`/de/developers` is `de` and `developers`). */
function splitPath(url: string): { locale: Locale; path: string } {
  const [first = '', ...rest] = url.replace(/^\//, '').split('/');
  const locale = LOCALES.find((candidate) => candidate !== DEFAULT_LOCALE && candidate === first);
  return locale === undefined
    ? { locale: DEFAULT_LOCALE, path: [first, ...rest].join('/') }
    : { locale, path: rest.join('/') };
}

/**
 * The data-driven pages (`/biomarkers`) in every locale, rendered through the
 * built Astro app as the server renders them, from the bundled catalog (`buildRenderer`): the server prepares
 * them per data version, not the build, but the search should find them.
 */
async function renderDataPages(panels: CompiledPanels): Promise<{ url: string; html: string }[]> {
  const renderer = buildRenderer(panels);
  const pages = [];
  for (const page of GUIDE_PAGES.filter((entry) => entry.data !== undefined)) {
    for (const locale of LOCALES) {
      const url = pagePath(locale, page.slug);
      const { status, text } = await renderer.render(url, 'text/html');
      if (status !== 200) throw new Error(`${url} answered ${status} while indexing`);
      pages.push({ url, html: text });
    }
  }
  return pages;
}

/**
 * Indexes the pages the build prepared (their `data-pagefind-body`, Starlight's main), the
 * data-driven pages as the bundled catalog and this configuration render them, each as its
 * search copy (`searchableHtml`) with the locale's `siteSearch.words` in its sections, and one
 * record per marker of the bundled catalog in each locale (`markerRecordHtml`): its name, its
 * description and, hidden and weighted, what the biomarker browser's filter matches
 * (`catalogSearchWords`: its names in all seven languages, its key, the locale's words and the other locales'). Writes
 * the known words the dialog reads a query against beside the index. Pagefind splits the index by
 * each page's language, and Starlight's search loads the one of the page it is on. An
 * external catalog origin with other markers than the bundled data would make the index
 * lag until the next build.
 */
export async function buildSearchIndex(): Promise<number> {
  const renders = JSON.parse(
    await readFile(fileURLToPath(new URL(PREPARED_RENDERS_PATH, ROOT)), 'utf8'),
  ) as PreparedRender[];
  const panels = await loadBundledPanels();
  const { index } = check(await pagefind.createIndex({}));
  if (index === undefined) throw new Error('Pagefind made no index');
  const strings = Object.fromEntries(
    await Promise.all(LOCALES.map(async (locale) => [locale, await readUiStrings(locale)] as const)),
  ) as Record<Locale, UiStrings>;
  const knownWords = new KnownWordsCollector();
  for (const locale of LOCALES)
    knownWords.addVocabulary(locale, Object.values(strings[locale].siteSearch.words).flat());
  let records = 0;
  try {
    const pages = renders
      .filter((render) => render.key.startsWith('html '))
      .map((render) => ({ url: render.key.slice('html '.length), html: render.text }));
    for (const page of [...pages, ...(await renderDataPages(panels))]) {
      const { locale, path } = splitPath(page.url);
      const html = withSearchWords(searchableHtml(page.html), path, strings[locale].siteSearch.words);
      knownWords.addIndexedText(locale, html.slice(html.indexOf('data-pagefind-body')).replace(/<[^>]*>/g, ' '));
      check(await index.addHTMLFile({ url: page.url, content: html }));
      records += 1;
    }
    for (const family of ITEM_PAGE_FAMILIES) {
      for (const locale of LOCALES) {
        const searchTerms = strings[locale].catalog.searchTerms;
        const view = buildCatalogView(panels, {
          locale,
          baseUrl: BASE_URL_PLACEHOLDER,
          otherCategory: '',
          ...(await readSearchWords(locale)),
        });
        for (const { name: category, marker } of view.categories.flatMap(({ name, markers }) =>
          markers.map((marker) => ({ name, marker })),
        )) {
          const own = [marker.key.replace(/-/g, ' '), ...(searchTerms[marker.key] ?? [])];
          // Its category's name as the list shows it (`Leber`) counts with its other words.
          const other = [...marker.search.split(/\n+/), category.text].filter(
            (word) => word !== '' && !own.includes(word),
          );
          const html = markerRecordHtml(locale, marker.name.text, marker.description?.text ?? '', { own, other });
          const url = pagePath(locale, `${family.slug}/${marker.key}`);
          check(await index.addHTMLFile({ url, content: html }));
          knownWords.addMarker(locale, {
            uuid: marker.uuid,
            key: marker.key,
            url,
            terms: [marker.name.text, ...own, ...other],
          });
          records += 1;
        }
      }
    }
    const outputPath = fileURLToPath(new URL('dist/client/pagefind/', ROOT));
    check(await index.writeFiles({ outputPath }));
    await knownWords.write(outputPath);
  } finally {
    await pagefind.close();
  }
  return records;
}
