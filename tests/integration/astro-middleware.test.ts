import { beforeAll, describe, expect, it } from 'vitest';
import type { Renderer } from '../../src/server/store/rendered-store.ts';
import { createTestSite } from '../helpers/site.ts';

/** The built Astro bundle, asked as the site server asks it (src/server/store/astro-renderer.ts), with its services. */
let renderer: Renderer;
beforeAll(async () => {
  renderer = (await createTestSite()).renderer;
});

describe('the page middleware (src/middleware.ts)', () => {
  it("renders a page's path as HTML and its .md path as the Markdown twin", async () => {
    const html = await renderer.render('/de/auth', 'text/html');
    expect(html).toMatchObject({ status: 200, contentType: 'text/html; charset=utf-8' });
    // Without JavaScript the page follows the system's colour scheme, not Starlight's dark default.
    expect(html.text).not.toMatch(/^<!DOCTYPE html><html[^>]* data-theme="dark"/i);
    const markdown = await renderer.render('/de/auth.md', 'text/markdown');
    expect(markdown).toMatchObject({ status: 200, contentType: 'text/markdown; charset=utf-8' });
    expect(markdown.text).toContain('http://localhost:4321/');
  });

  it('answers a path the registry does not know with a 404, without rendering', async () => {
    expect((await renderer.render('/de/nope.md', 'text/markdown')).status).toBe(404);
  });
});
