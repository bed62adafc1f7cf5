import type { DataVersion } from './rendered-store.ts';
import type { RenderedResource } from './rendered-resources.ts';

/**
 * The version of a resource's data, from the same loaders its components read
 * (`src/lib/content/page-data.ts`): the catalog's panels as the API serves them now, the
 * OpenAPI document of this process. Those loaders, and the schemas they use, are imported
 * on the first request for a data-driven resource, never at start-up.
 */
export async function pageDataVersion(resource: RenderedResource): Promise<DataVersion> {
  const { loadPageData, pageDataVersion: versionOf } = await import('../../lib/content/page-data.ts');
  const states = await Promise.all(resource.sources.map((source) => loadPageData(source)));
  let freshForS = Number.POSITIVE_INFINITY;
  let ok = true;
  for (const state of states) {
    if (state?.ok === true) freshForS = Math.min(freshForS, state.freshForS);
    else ok = false;
  }
  return { version: states.map(versionOf).join(' '), freshForS: Number.isFinite(freshForS) ? freshForS : 0, ok };
}
