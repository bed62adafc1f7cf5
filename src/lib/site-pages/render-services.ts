import type { Config } from '../config/config.ts';
import type { PageDataServices } from './page-data.ts';
import { buildOpenApiDocument } from '../openapi/build-openapi-document.ts';
import type { OpenApiDocument } from '../openapi/openapi-types.ts';
import type { SampleFragments } from '../samples/prepared-sample-fragments.ts';

/**
 * What renders read of the site's configuration: the public origin their links, canonical URLs and samples name
 * (`BASE_URL`, or the build's placeholder), and what the OpenAPI document the API reference shows is built from.
 */
export type RenderConfig = Pick<Config, 'baseUrl' | 'catalogOriginPublicUrl'>;

/**
 * What the site server hands every Astro render as `locals` (`Astro.locals`, `context.locals`; typed in
 * `src/env.d.ts`): the site's own services and configuration, made once by its composition root
 * (`src/server/site.ts`) or by a build step (`scripts/build/build-renderer.ts`), and passed explicitly rather than
 * shared through a process-wide global, since Astro's pages are a module graph of their own (the built bundle, or
 * Vite's modules under `npm run dev`), and one process may hold several sites (the tests).
 */
export interface RenderServices extends PageDataServices {
  /** The build's highlighted samples, filled with a marker's values on its page. */
  sampleFragments: SampleFragments;
  config: RenderConfig;
}

/** The OpenAPI document of each site's configuration, built on the first render that shows it. */
const documents = new WeakMap<RenderConfig, OpenApiDocument>();

/** The OpenAPI document of `config` (a render's `locals.config`): the API reference page's data. */
export function openApiDocumentOf(config: RenderConfig): OpenApiDocument {
  let document = documents.get(config);
  if (document === undefined) documents.set(config, (document = buildOpenApiDocument(config)));
  return document;
}
