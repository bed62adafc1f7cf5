import type { APIContext, MiddlewareNext } from 'astro';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTE, resolvePage } from '../../src/middleware/resolve-page.ts';

const BASE = 'https://catalog.example';
const step = resolvePage();

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

  it('answers a path the registry does not know with a bare 404, without rendering', async () => {
    const { response, nextCalled } = await run('/de/nope.md');
    expect(nextCalled).toBe(false);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('');
  });

  it('leaves every other route alone', async () => {
    const { nextCalled, locals } = await run('/llms.txt', { routePattern: '/llms.txt' });
    expect(nextCalled).toBe(true);
    expect(locals.page).toBeUndefined();
  });
});
