import type { PageDataServices } from '../content/page-data.ts';
import type { SampleFragments } from '../samples/prepared-sample-fragments.ts';

/**
 * What the site server hands every Astro render as `locals` (`Astro.locals`, `context.locals`; typed in
 * `src/env.d.ts`): the site's own services, made once by its composition root (`src/server/site.ts`) or by a build
 * step, and passed explicitly rather than shared through a process-wide global, since Astro's pages are a module graph
 * of their own (the built bundle, or Vite's modules under `npm run dev`).
 */
export interface RenderServices extends PageDataServices {
  /** The build's highlighted samples, filled with a marker's values on its page. */
  sampleFragments: SampleFragments;
}
