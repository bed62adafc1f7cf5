import { describe, expect, it } from 'vitest';
import type { Rendered } from '../../../../src/server/store/astro-renderer.ts';
import { PreparedBody } from '../../../../src/server/store/prepared.ts';
import type { RenderedResource } from '../../../../src/server/store/rendered-resources.ts';
import { RenderedStore, type DataVersion, type Renderer } from '../../../../src/server/store/rendered-store.ts';
import { Overloaded } from '../../../../src/server/store/work-queue.ts';
import type { PreparationReport } from '../../../../src/server/store/page-preparation.ts';
import { buildCatalogView } from '../../../../src/lib/catalog-page/build-catalog-view.ts';
import { CHROME_QUERY, viewSlot } from '../../../../src/lib/catalog-page/catalog-views.ts';
import { UiStringsSchema } from '../../../../src/lib/content/ui-strings-schema.ts';
import { CATALOG_TEMPLATES } from '../../../../src/lib/schemas/catalog.ts';
import { smallCatalog } from '../../../helpers/catalog-fixture.ts';
import { readUiStrings } from '../../../helpers/content-files.ts';
import { createCatalogService } from '../../../../src/lib/catalog/catalog-service.ts';
import { parseConfig } from '../../../../src/lib/config/config.ts';

const resource = (key: string, sources: RenderedResource['sources'] = []): RenderedResource => ({
  key,
  renderPath: `/${key}`,
  accept: 'text/html',
  sources,
});

/** A renderer that counts its renders and answers what `answer` says. */
function fakeRenderer(
  answer: (path: string) => Rendered = (path) => ({
    status: 200,
    contentType: 'text/html; charset=utf-8',
    text: `<p>${path}</p>`,
  }),
) {
  const renders: string[] = [];
  const renderer = {
    render: async (path: string) => {
      renders.push(path);
      return answer(path);
    },
  } satisfies Renderer;
  return { renderer, renders };
}

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString();

/** The data's services a site gives its store; no test here asks the catalog's origin. */
const services = {
  catalog: createCatalogService(parseConfig({ CATALOG_ORIGIN_URL: 'https://origin.test' }), {
    request: async () => {
      throw new Error('no origin in these tests');
    },
  }),
};

/** The biomarker list, the chrome its views are written into, and a filtered view of it for `query`. */
const html = { ...resource('html /biomarkers', ['catalog']), renderPath: '/biomarkers' };
const chromeResource = { ...html, key: `${html.key}?${CHROME_QUERY}`, renderPath: `/biomarkers?${CHROME_QUERY}` };
const view = (query: string): RenderedResource => ({
  ...html,
  key: `${html.key}?${query}`,
  renderPath: `/biomarkers?${query}`,
  query,
  unfiltered: html,
  chromes: { html: chromeResource },
});
/** The list's chrome around its slot, carrying a small catalog: a view is written into it. */
const catalogUi = UiStringsSchema.parse(readUiStrings('en')).catalog;
const chrome = viewSlot({
  locale: 'en',
  ui: catalogUi,
  view: buildCatalogView(Object.fromEntries(CATALOG_TEMPLATES.map((template) => [template, smallCatalog()])) as never, {
    locale: 'en',
    baseUrl: 'https://catalog.example',
    otherCategory: catalogUi.otherCategory,
  }),
  listPath: '/biomarkers',
  baseUrl: 'https://catalog.example',
});

describe('RenderedStore', () => {
  it('answers what the build prepared synchronously once compressed, without rendering', async () => {
    const { renderer, renders } = fakeRenderer();
    const store = new RenderedStore({
      renderer,
      versionOf: async () => ({ version: 'v', freshness: { maxAgeS: 60 }, ok: true }),
    });
    const page = resource('guide');
    const body = new PreparedBody({ text: '<p>prepared</p>', contentType: 'text/html; charset=utf-8' });
    store.put(page.key, body);
    expect(store.peek(page)).toBeUndefined(); // not compressed yet: the caller awaits `answer`
    const answer = await store.answer(page);
    expect(answer.ok && text(answer.representation.identity.body)).toBe('<p>prepared</p>');
    expect(store.peek(page)?.representation.br?.etag).toMatch(/-br"$/);
    expect(store.bodies()).toEqual([body]);
    expect(renders).toEqual([]);
  });

  it('renders a data-driven resource once per data version, never per request', async () => {
    const { renderer, renders } = fakeRenderer();
    let data: DataVersion = {
      version: 'v1',
      freshness: { maxAgeS: 42, staleWhileRevalidateS: 60, staleIfErrorS: 498 },
      ok: true,
    };
    const store = new RenderedStore({ renderer, versionOf: async () => data });
    const page = resource('biomarkers', ['catalog']);
    const answers = await Promise.all([store.answer(page), store.answer(page), store.answer(page)]);
    expect(renders).toEqual(['/biomarkers']);
    // Answered as the data is: caches may serve the page stale while they revalidate it, or while the site fails.
    const cacheControl = 'public, max-age=42, stale-while-revalidate=60, stale-if-error=498';
    expect(answers.every((answer) => answer.ok && answer.cacheControl === cacheControl)).toBe(true);
    expect(store.peek(page)).toBeUndefined(); // its version must be checked on every request
    data = { version: 'v2', freshness: { maxAgeS: 60 }, ok: true };
    await store.answer(page);
    await store.answer(page);
    expect(renders).toEqual(['/biomarkers', '/biomarkers']);
  });

  it('passes on the error state of a page whose data is unavailable, and keeps nothing', async () => {
    const { renderer, renders } = fakeRenderer(() => ({ status: 502, contentType: 'text/html', text: 'down' }));
    const store = new RenderedStore({
      renderer,
      versionOf: async () => ({ version: 'unavailable', freshness: { maxAgeS: 0 }, ok: false }),
    });
    const page = resource('biomarkers', ['catalog']);
    const first = await store.answer(page);
    expect(first).toEqual({ ok: false, rendered: { status: 502, contentType: 'text/html', text: 'down' } });
    await store.answer(page);
    expect(renders).toHaveLength(2);
  });

  it('writes filtered views into the page chrome, rendered once per data version: no render per query', async () => {
    const page = (body: string) => `<main>${body}</main>`;
    const template = chrome;
    const { renderer, renders } = fakeRenderer((path) => ({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      text: path.includes(CHROME_QUERY) ? page(template) : page(path),
    }));
    let version = 'v1';
    const store = new RenderedStore({
      renderer,
      versionOf: async () => ({ version, freshness: { maxAgeS: 60 }, ok: true }),
    });
    // Whether a view reads as Astro renders it is `filtered-views.test.ts`'s; here, the renders count.
    const answers = await Promise.allSettled(Array.from({ length: 300 }, (_, i) => store.answer(view(`q=${i}`), 'br')));
    // The chrome, and the unfiltered page whose policy a view carries: once each, not once per query.
    expect(renders).toEqual([`/biomarkers?${CHROME_QUERY}`, '/biomarkers']);
    expect(answers.every((answer) => answer.status === 'fulfilled' && answer.value.ok)).toBe(true);
    const first = answers[0]!.status === 'fulfilled' ? answers[0]!.value : undefined;
    expect(first?.ok === true && first.representation.contentType).toBe('text/html; charset=utf-8');
    version = 'v2';
    await store.answer(view('q=1'));
    expect(renders).toEqual([
      `/biomarkers?${CHROME_QUERY}`,
      '/biomarkers',
      `/biomarkers?${CHROME_QUERY}`,
      '/biomarkers',
    ]);
    // Only the unfiltered page is kept, whose policy a view carries: no view, no chrome among the bodies.
    const kept = store.bodies().map((body) => new TextDecoder().decode(body.ready?.representation.identity.body));
    expect(kept).toEqual([page('/biomarkers')]);
  });

  it('refuses filtered views past its queue with Overloaded at once, never a queue that grows', async () => {
    const { renderer } = fakeRenderer(() => ({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      text: chrome,
    }));
    let shed = 0;
    const store = new RenderedStore({
      renderer,
      versionOf: async () => ({ version: 'v1', freshness: { maxAgeS: 60 }, ok: true }),
      queueCapacity: 2,
      onShed: () => (shed += 1),
    });
    const answers = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => store.answer(view(`q=${i}`), 'br')));
    const refused = answers.filter((answer) => answer.status === 'rejected' && answer.reason instanceof Overloaded);
    expect(refused).toHaveLength(8);
    expect(shed).toBe(8);
  });

  it('sheds renders beyond its bound with Overloaded, while one render per page and version is shared', async () => {
    const pending: (() => void)[] = [];
    const renderer = {
      render: (path: string) =>
        new Promise<Rendered>((resolve) =>
          pending.push(() => resolve({ status: 200, contentType: 'text/html; charset=utf-8', text: path })),
        ),
    } satisfies Renderer;
    let shed = 0;
    const store = new RenderedStore({
      renderer,
      versionOf: async () => ({ version: 'v', freshness: { maxAgeS: 60 }, ok: true }),
      renderConcurrency: 2,
      queueCapacity: 1,
      onShed: () => (shed += 1),
    });
    const marker = (key: string) => ({ ...resource(`html /biomarkers/${key}`, ['catalog']), bulk: true });
    const same = [store.answer(marker('a')), store.answer(marker('a')), store.answer(marker('a'))];
    const others = [store.answer(marker('b')), store.answer(marker('c')), store.answer(marker('d'))];
    const settled = Promise.allSettled([...same, ...others]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pending).toHaveLength(2); // a (shared by three requests) and b run; c waits; d is shed
    // A place frees once a render's codings are made: c renders after a or b is compressed.
    let done = false;
    void settled.then(() => (done = true));
    while (!done) {
      while (pending.length > 0) pending.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const results = await settled;
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
    ]);
    expect((results[5] as PromiseRejectedResult).reason).toBeInstanceOf(Overloaded);
    expect(shed).toBe(1);
  });

  it('prepares the listed pages one at a time in the background, and again once their data changes', async () => {
    let running = 0;
    let most = 0;
    const renders: string[] = [];
    const renderer = {
      render: async (path: string): Promise<Rendered> => {
        running += 1;
        most = Math.max(most, running);
        renders.push(path);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running -= 1;
        return { status: 200, contentType: 'text/html; charset=utf-8', text: `<p>${path}</p>` };
      },
    } satisfies Renderer;
    let version = 'v1';
    const store = new RenderedStore({
      renderer,
      versionOf: async () => ({ version, freshness: { maxAgeS: 60 }, ok: true }),
      baseUrl: 'https://catalog.example',
      services,
    });
    const marker = (key: string) => ({ ...resource(`html /biomarkers/${key}`, ['catalog']), bulk: true });
    const markers = ['a', 'b', 'c', 'd'].map(marker);
    const reports: PreparationReport[] = [];
    let passed: () => void = () => undefined;
    const nextPass = () => new Promise<void>((resolve) => (passed = resolve));
    const first = nextPass();
    store.prepareData(async () => markers, {
      onPrepared: (report) => {
        reports.push(report);
        passed();
      },
      onError: (error) => {
        throw error;
      },
    });
    await first;
    expect(reports).toMatchObject([{ reason: 'start', resources: 4, prepared: 4 }]);
    expect(renders).toEqual([
      '/html /biomarkers/a',
      '/html /biomarkers/b',
      '/html /biomarkers/c',
      '/html /biomarkers/d',
    ]);
    expect(most).toBe(1); // one at a time: the preparation never takes both running places
    // A crowd now meets prepared answers: no render on its behalf.
    await Promise.all(markers.map((m) => store.answer(m, undefined, 'crowd')));
    expect(renders).toHaveLength(4);
    // The data changes: the first request to see it renders its own page, and the pass renders the others.
    version = 'v2';
    const changed = nextPass();
    await store.answer(markers[2]!, undefined, 'reader');
    await changed;
    expect(reports.at(-1)).toMatchObject({ reason: 'data changed', prepared: 4 });
    expect(renders.slice(4).sort()).toEqual([
      '/html /biomarkers/a',
      '/html /biomarkers/b',
      '/html /biomarkers/c',
      '/html /biomarkers/d',
    ]);
  });

  it("builds a resource with its own builder and the site's services, once per data version, without an Astro render", async () => {
    const { renderer, renders } = fakeRenderer();
    let version = 'v1';
    const built: string[] = [];
    const store = new RenderedStore({
      renderer,
      versionOf: async () => ({ version, freshness: { maxAgeS: 60 }, ok: true }),
      baseUrl: 'https://catalog.example',
      services,
    });
    const llms: RenderedResource = {
      ...resource('/llms.txt', ['catalog']),
      renderPath: '/llms.txt',
      build: async ({ baseUrl, services: given }) => {
        expect(given).toBe(services);
        built.push(version);
        return { status: 200, contentType: 'text/plain; charset=utf-8', text: `# pages of ${version} on ${baseUrl}` };
      },
    };
    const first = await store.answer(llms);
    await store.answer(llms);
    version = 'v2';
    const second = await store.answer(llms);
    expect(built).toEqual(['v1', 'v2']);
    expect(first.ok && text(first.representation.identity.body)).toBe('# pages of v1 on https://catalog.example');
    expect(second.ok && text(second.representation.identity.body)).toBe('# pages of v2 on https://catalog.example');
    expect(renders).toEqual([]);
  });

  it('gives a builder the page index: the file the build wrote, or rendered through Astro once where there is none', async () => {
    const index = { 'en/index': { title: 'Home', description: 'The home page' } };
    const { renderer, renders } = fakeRenderer(() => ({
      status: 200,
      contentType: 'application/json',
      text: JSON.stringify(index),
    }));
    const titles: string[] = [];
    const sitemap = (key: string): RenderedResource => ({
      ...resource(key, ['catalog']),
      build: async ({ pageIndex }) => {
        titles.push((await pageIndex())['en/index']!.title);
        return { status: 200, contentType: 'application/xml; charset=utf-8', text: '<urlset/>' };
      },
    });
    const store = new RenderedStore({
      renderer,
      versionOf: async () => ({ version: 'v', freshness: { maxAgeS: 60 }, ok: true }),
      baseUrl: 'https://catalog.example',
      services,
      pageIndexFile: '/nonexistent/site-pages.json',
    });
    await store.answer(sitemap('/sitemap.xml'));
    await store.answer(sitemap('/llms.txt'));
    expect(titles).toEqual(['Home', 'Home']);
    expect(renders).toEqual(['/prepared-index/site-pages.json']);
  });
});
