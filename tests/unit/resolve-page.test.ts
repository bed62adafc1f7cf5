import type { APIContext, MiddlewareNext } from 'astro';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTE, resolvePage } from '../../src/middleware/resolve-page.ts';

const BASE = 'https://catalog.example';
const step = resolvePage({ baseUrl: BASE });

/** Runs the step for a request that Astro matched to `routePattern`. */
async function run(path: string, { routePattern = PAGE_ROUTE, method = 'GET', accept = '' } = {}) {
  const url = new URL(path, BASE);
  const context = {
    routePattern,
    url,
    request: new Request(url, { method, headers: accept === '' ? {} : { Accept: accept } }),
    locals: {},
  } as unknown as APIContext;
  let nextCalled = false;
  const next: MiddlewareNext = async () => {
    nextCalled = true;
    return new Response('rendered');
  };
  const response = (await step(context, next)) as Response;
  return { response, nextCalled, locals: context.locals };
}

describe('resolvePage', () => {
  it('names the page and its format for the page route, then renders it', async () => {
    const { response, nextCalled, locals } = await run('/de/auth.md');
    expect(nextCalled).toBe(true);
    expect(await response.text()).toBe('rendered');
    expect(locals.page).toMatchObject({ locale: 'de', page: { slug: 'auth' }, format: 'markdown' });
  });

  it.each(['GET', 'POST', 'DELETE'])(
    'answers an unknown page with the Markdown 404 for %s, without rendering',
    async (method) => {
      const { response, nextCalled } = await run('/de/nope.md', { method });
      expect(nextCalled).toBe(false);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
      expect(await response.text()).toContain('Nothing is published at `/de/nope.md`.');
    },
  );

  it('gives a browser that prefers HTML the HTML 404, and a JSON client the Problem', async () => {
    const html = await run('/en/auth', { accept: 'text/html,*/*;q=0.8' });
    expect(html.response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const json = await run('/en/auth', { accept: 'application/json' });
    expect(await json.response.json()).toMatchObject({ code: 'not_found', type: `${BASE}/developers#not-found` });
  });

  it('leaves every other route alone', async () => {
    const { nextCalled, locals } = await run('/llms.txt', { routePattern: '/llms.txt' });
    expect(nextCalled).toBe(true);
    expect(locals.page).toBeUndefined();
  });
});
