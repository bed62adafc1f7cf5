import { describe, expect, it } from 'vitest';
import { CHROME_QUERY } from '../../src/lib/catalog-page/catalog-views.ts';
import type { Rendered } from '../../src/server/store/astro-renderer.ts';
import { createTestSite } from '../helpers/site.ts';

/** Each a view of its own: a new search word per request. */
const distinctFilters = (n: number): string[] =>
  Array.from({ length: n }, (_, i) => `q=${String.fromCharCode(97 + (i % 26))}${i}&region=${i % 2 ? 'eu' : 'uk'}`);

describe('what a request for a page may cost', () => {
  it('serves 300 distinct filters of /biomarkers, HTML and Markdown, en and de, without a render per query', async () => {
    const renders: string[] = [];
    const site = await createTestSite({
      renderer: (astro) => ({
        render: (path, accept) => {
          renders.push(path);
          return astro.render(path, accept);
        },
      }),
    });
    const paths = ['/biomarkers', '/de/biomarkers', '/biomarkers.md', '/de/biomarkers.md'];
    // In rounds of 25 at once: what is counted is renders, not the queue's shedding of a burst (the load tests').
    const filters = distinctFilters(300);
    const responses = [];
    for (let round = 0; round < filters.length; round += 25) {
      const answered = await Promise.all(
        filters.slice(round, round + 25).map((query, j) => {
          const i = round + j;
          return site.request({
            url: `${paths[i % 4]}?${query}`,
            headers: { 'accept-encoding': i % 3 ? 'br' : 'gzip' },
          });
        }),
      );
      responses.push(...answered);
    }
    expect(responses.map((response) => response.statusCode).filter((status) => status !== 200)).toEqual([]);
    // Per locale the chrome of each format, and the unfiltered page whose policy a view carries: never a view.
    expect(renders.filter((path) => path.includes('?') && !path.endsWith(`?${CHROME_QUERY}`))).toEqual([]);
    expect(new Set(renders).size).toBe(renders.length);
    expect(renders.length).toBeLessThanOrEqual(6);
    // Only the coding asked for, made for this response.
    expect(responses[1]!.headers['content-encoding']).toBe('br');
    expect(responses[3]!.headers['content-encoding']).toBe('gzip');
    expect(responses[0]!.headers['cache-control']).toMatch(/^private, max-age=/);
  });

  it('answers 503 service_unavailable with Retry-After when the renders are full, sharing one render per page', async () => {
    const held: (() => void)[] = [];
    const site = await createTestSite({
      renderConcurrency: 1,
      queueCapacity: 0,
      renderer: (astro) => ({
        render: (path, accept) =>
          new Promise<Rendered>((resolve) => held.push(() => void astro.render(path, accept).then(resolve))),
      }),
    });
    const first = [site.request('/biomarkers/hba1c'), site.request('/biomarkers/hba1c')];
    for (let waited = 0; held.length === 0 && waited < 10_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(held).toHaveLength(1); // the same page and version share one render
    const shed = await site.request({ url: '/biomarkers/ferritin', headers: { accept: 'application/json' } });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['content-type']).toBe('application/problem+json');
    expect(shed.headers['cache-control']).toBe('no-store');
    expect(Number(shed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(shed.headers['ratelimit']).toBeDefined();
    expect(shed.json()).toMatchObject({ code: 'service_unavailable', status: 503, instance: '/biomarkers/ferritin' });
    const unknown = await site.request('/biomarkers/no-such-marker');
    expect(unknown.statusCode).toBe(404); // an unknown key costs no render, full or not
    held.shift()!();
    const answers = await Promise.all(first);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
  });
});
