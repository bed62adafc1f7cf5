// Build step: the bundled catalog YAML, validated once, as the JSON the origin loads at start-up.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPanels } from '../../src/lib/catalog/build-panels.ts';
import { COMPILED_PANELS_PATH } from '../../src/lib/catalog/compiled-panels.ts';
import { loadCatalogSource } from '../../src/lib/catalog/load-catalog-source.ts';
import { BASE_URL_PLACEHOLDER } from '../../src/lib/config/config.ts';
import { siteLocalesOf } from '../../src/lib/config/site-locales.ts';
import { LOCALE_RULES } from '../../src/lib/content/locales.ts';

const ROOT = new URL('../../', import.meta.url);

/** Validates `content/catalog/` (or that of `SITE_LOCALES_DIR`'s content; source schemas, then `BiomarkerCatalogSchema` per panel) and writes the panels. */
export async function compileCatalog(): Promise<void> {
  const source = await loadCatalogSource(
    join(siteLocalesOf(process.env, fileURLToPath(ROOT), LOCALE_RULES).contentDir, 'catalog'),
  );
  const target = fileURLToPath(new URL(COMPILED_PANELS_PATH, ROOT));
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, JSON.stringify(buildPanels(source, BASE_URL_PLACEHOLDER)));
}
