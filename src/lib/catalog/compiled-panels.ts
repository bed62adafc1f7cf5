import { readFile } from 'node:fs/promises';
import { substituteBaseUrlPlaceholder } from '../config/config.ts';
import type { BiomarkerCatalog, CatalogTemplate } from '../schemas/catalog.ts';

/** The four panels, validated at build time, as the bundled origin serves them. */
export type CompiledPanels = Record<CatalogTemplate, BiomarkerCatalog>;

/** Where `npm run build` writes the compiled panels, relative to the project root. */
export const COMPILED_PANELS_PATH = 'dist/catalog/panels.json';

/**
 * The build's compiled panels for `baseUrl` (already validated, so no YAML or zod at start-up), or undefined without a
 * build.
 */
export async function loadCompiledPanels(path: string, baseUrl: string): Promise<CompiledPanels | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
  // Validated when compiled; the substituted origin passed the config's URL check.
  return JSON.parse(substituteBaseUrlPlaceholder(text, baseUrl)) as CompiledPanels;
}
