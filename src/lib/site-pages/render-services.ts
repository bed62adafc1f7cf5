import type { Config } from '../config/config.ts';
import type { PageDataServices } from './page-data.ts';
import { buildOpenApiDocument } from '../openapi/build-openapi-document.ts';
import type { OpenApiDocument } from '../openapi/openapi-types.ts';
import type { ApiOperation } from '../openapi/operations.ts';
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
  /** The site's OpenAPI document, the API reference's data: built on the first render that shows it. */
  openApiDocument: () => OpenApiDocument;
}

/**
 * The getter of `RenderServices.openApiDocument` for a composition root: the document of `config` with `operations`
 * (the route table's, `API_ROUTE_OPERATIONS`, which `src/lib` may not import), built once, on first call.
 */
export function openApiDocumentGetter(
  config: RenderConfig,
  operations: readonly ApiOperation[],
): () => OpenApiDocument {
  let document: OpenApiDocument | undefined;
  return () => (document ??= buildOpenApiDocument(config, operations));
}
