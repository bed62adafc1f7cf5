import { readFile } from 'node:fs/promises';
import { ERROR_PAGE_KEY_PREFIX } from '../../lib/content/error-page-templates.ts';
import { substituteBaseUrlPlaceholder } from '../../lib/config/config.ts';
import { SAMPLE_FRAGMENT_KEY_PREFIX } from '../../lib/samples/prepared-sample-fragments.ts';
import { PreparedBody } from './prepared.ts';
import type { RenderedStore } from './rendered-store.ts';

/** Where `npm run build` writes what it rendered through Astro, relative to the project root. */
export const PREPARED_RENDERS_PATH = 'dist/prepared/rendered.json';

/** One resource as the build rendered it, with the base-URL placeholder in its text. */
export interface PreparedRender {
  key: string;
  contentType: string;
  text: string;
  /** Its `Last-Modified`, where the render sent one. */
  lastModified?: string;
}

/**
 * Puts what the build rendered into `store` for `baseUrl`, and data pages' highlighted samples into `sampleFragments`,
 * which the site hands to Astro's renders. Returns how many; 0 without build output, when each renders through Astro on
 * first request.
 */
export async function loadPreparedRenders(
  path: string,
  into: { store: RenderedStore; sampleFragments: Map<string, string> },
  baseUrl: string,
): Promise<number> {
  const { store, sampleFragments } = into;
  let renders: PreparedRender[];
  try {
    renders = JSON.parse(await readFile(path, 'utf8')) as PreparedRender[];
  } catch {
    return 0;
  }
  for (const { key, contentType, text, lastModified } of renders) {
    if (key.startsWith(ERROR_PAGE_KEY_PREFIX)) {
      store.errorPages.put(key, substituteBaseUrlPlaceholder(text, baseUrl));
      continue;
    }
    if (key.startsWith(SAMPLE_FRAGMENT_KEY_PREFIX)) {
      sampleFragments.set(key, substituteBaseUrlPlaceholder(text, baseUrl));
      continue;
    }
    const body = { text: substituteBaseUrlPlaceholder(text, baseUrl), contentType };
    store.put(key, new PreparedBody(lastModified === undefined ? body : { ...body, lastModified }));
  }
  return renders.length;
}
