import { describe, expect, it } from 'vitest';
import type { Rendered } from '../../src/server/store/astro-renderer.ts';
import { PreparedBody } from '../../src/server/store/prepared.ts';
import type { RenderedResource } from '../../src/server/store/rendered-resources.ts';
import { RenderedStore, type DataVersion, type Renderer } from '../../src/server/store/rendered-store.ts';
import type { ResourceBuilder } from '../../src/server/store/document-builders.ts';

const resource = (key: string, sources: RenderedResource['sources'] = []): RenderedResource => ({
  key,
  renderPath: `/${key}`,
  accept: 'text/html',
  sources,
  followsDataFreshness: true,
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

describe('RenderedStore', () => {
  it('answers what the build prepared synchronously once compressed, without rendering', async () => {
    const { renderer, renders } = fakeRenderer();
    const store = new RenderedStore({ renderer, versionOf: async () => ({ version: 'v', freshForS: 60, ok: true }) });
    const page = resource('guide');
    const body = new PreparedBody({ text: '<p>prepared</p>', contentType: 'text/html; charset=utf-8' });
    store.put(page.key, body);
    expect(store.peek(page)).toBeUndefined(); // not compressed yet: the caller awaits `answer`
    const answer = await store.answer(page);
    expect(answer.ok && text(answer.representation.identity.body)).toBe('<p>prepared</p>');
    expect(store.peek(page)?.representation.br.etag).toMatch(/-br"$/);
    expect(store.bodies()).toEqual([body]);
    expect(renders).toEqual([]);
  });

  it('renders a data-driven resource once per data version, never per request', async () => {
    const { renderer, renders } = fakeRenderer();
    let data: DataVersion = { version: 'v1', freshForS: 42, ok: true };
    const store = new RenderedStore({ renderer, versionOf: async () => data });
    const page = resource('biomarkers', ['catalog']);
    const answers = await Promise.all([store.answer(page), store.answer(page), store.answer(page)]);
    expect(renders).toEqual(['/biomarkers']);
    expect(answers.every((answer) => answer.ok && answer.cacheControl === 'public, max-age=42')).toBe(true);
    expect(store.peek(page)).toBeUndefined(); // its version must be checked on every request
    data = { version: 'v2', freshForS: 60, ok: true };
    await store.answer(page);
    await store.answer(page);
    expect(renders).toEqual(['/biomarkers', '/biomarkers']);
  });

  it('passes on the error state of a page whose data is unavailable, and keeps nothing', async () => {
    const { renderer, renders } = fakeRenderer(() => ({ status: 502, contentType: 'text/html', text: 'down' }));
    const store = new RenderedStore({
      renderer,
      versionOf: async () => ({ version: 'unavailable', freshForS: 0, ok: false }),
    });
    const page = resource('biomarkers', ['catalog']);
    const first = await store.answer(page);
    expect(first).toEqual({ ok: false, rendered: { status: 502, contentType: 'text/html', text: 'down' } });
    await store.answer(page);
    expect(renders).toHaveLength(2);
  });

  it('keeps filtered views in a bounded cache: request input cannot grow it, the oldest view is rendered again', async () => {
    const { renderer, renders } = fakeRenderer();
    const store = new RenderedStore({
      renderer,
      versionOf: async () => ({ version: 'v', freshForS: 60, ok: true }),
      viewCapacity: 3,
    });
    const view = (query: string): RenderedResource => ({
      ...resource(`html /biomarkers?${query}`, ['catalog']),
      renderPath: `/biomarkers?${query}`,
      query,
    });
    for (let i = 0; i < 50; i += 1) await store.answer(view(`q=${i}`));
    expect(store.filteredViews).toBe(3);
    expect(renders).toHaveLength(50);
    await store.answer(view('q=49'));
    expect(renders).toHaveLength(50); // still held: no render
    await store.answer(view('q=0'));
    expect(renders.at(-1)).toBe('/biomarkers?q=0'); // dropped long ago: rendered again
    expect(store.filteredViews).toBe(3);
    expect(store.bodies()).toEqual([]); // never among the build's prepared bodies
  });

  it('builds a resource with its builder, once per data version, and asks Astro only when the builder cannot', async () => {
    const { renderer, renders } = fakeRenderer();
    let version = 'v1';
    const built: string[] = [];
    const builders = new Map<string, ResourceBuilder>([
      [
        '/llms.txt',
        async () => {
          built.push(version);
          return { status: 200, contentType: 'text/plain; charset=utf-8', text: `# pages of ${version}` };
        },
      ],
      ['/sitemap.xml', async () => undefined],
    ]);
    const store = new RenderedStore({
      renderer,
      versionOf: async () => ({ version, freshForS: 60, ok: true }),
      viewCapacity: 3,
      builders,
    });
    const llms = { ...resource('/llms.txt', ['catalog']), renderPath: '/llms.txt' };
    const first = await store.answer(llms);
    await store.answer(llms);
    version = 'v2';
    const second = await store.answer(llms);
    expect(built).toEqual(['v1', 'v2']);
    expect(first.ok && text(first.representation.identity.body)).toBe('# pages of v1');
    expect(second.ok && text(second.representation.identity.body)).toBe('# pages of v2');
    expect(renders).toEqual([]);
    await store.answer({ ...resource('/sitemap.xml', ['catalog']), renderPath: '/sitemap.xml' });
    expect(renders).toEqual(['/sitemap.xml']);
  });
});
