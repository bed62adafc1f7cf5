// Build step: every page and site document that depends on no data, rendered once through
// the built Astro app, for the server to load at start-up (src/server/store/prepared-renders.ts).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_PAGES } from '../../src/lib/content/error-page-templates.ts';
import { cutFragment, SAMPLE_FRAGMENTS } from '../../src/lib/samples/prepared-sample-fragments.ts';
import { PREPARED_RENDERS_PATH, type PreparedRender } from '../../src/server/store/prepared-renders.ts';
import { RENDERED_RESOURCES } from '../../src/server/routes.ts';
import { SITE_PAGE_INDEX_PATH, SITE_PAGE_INDEX_RENDER_PATH } from '../../src/server/store/page-index.ts';
import { buildRenderer, loadBundledPanels } from './build-renderer.ts';

const ROOT = new URL('../../', import.meta.url);

/**
 * Renders each static resource of `RENDERED_RESOURCES` as a client would get it, with the
 * base-URL placeholder as `BASE_URL` (the server puts its own in), and fails the build on
 * any answer but 200: a registered page without its MDX file is a build mistake.
 */
export async function prerender(): Promise<number> {
  // The services and configuration the site hands its renders, made for the build (the placeholder as BASE_URL):
  // none of these pages reads data, yet each render gets them as the server's renders do.
  const renderer = buildRenderer(await loadBundledPanels());
  /** Renders `path` as `accept` asks; any answer but 200 fails the build. */
  const render = async (path: string, accept: string) => {
    const answer = await renderer.render(path, accept);
    if (answer.status !== 200) throw new Error(`${path} (${accept}) answered ${answer.status}`);
    return answer;
  };
  const renders: PreparedRender[] = [];
  for (const resource of RENDERED_RESOURCES.filter((entry) => entry.sources.length === 0)) {
    const { contentType, text, lastModified } = await render(resource.renderPath, resource.accept);
    renders.push({ key: resource.key, contentType, text, ...(lastModified === undefined ? {} : { lastModified }) });
  }
  // The browser 404 and 429 per locale, with the placeholders the server fills in (error-pages.ts).
  for (const page of ERROR_PAGES) {
    const { contentType, text } = await render(page.renderPath, 'text/html');
    renders.push({ key: page.key, contentType, text });
  }
  // The data-driven samples, highlighted with stand-in values that run-time pages fill in.
  for (const fragment of SAMPLE_FRAGMENTS) {
    const { contentType, text } = await render(fragment.renderPath, 'text/html');
    renders.push({ key: fragment.key, contentType, text: cutFragment(text, fragment.renderPath) });
  }
  const target = fileURLToPath(new URL(PREPARED_RENDERS_PATH, ROOT));
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, JSON.stringify(renders));
  // The pages' frontmatter, from which the server builds llms.txt and the sitemap per catalog version.
  const index = await render(SITE_PAGE_INDEX_RENDER_PATH, 'application/json');
  await writeFile(fileURLToPath(new URL(SITE_PAGE_INDEX_PATH, ROOT)), index.text);
  return renders.length;
}
