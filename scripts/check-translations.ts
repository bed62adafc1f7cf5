// `npm run build`, before `astro build`: every language of src/lib/content/locales.ts (or of SITE_LOCALES_DIR) has every translation the site
// renders (checkTranslations); the first one a language lacks stops the build with the language, the file and the key.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteLocalesOf } from '../src/lib/config/site-locales.ts';
import { LOCALE_RULES, LOCALES } from '../src/lib/content/locales.ts';
import { buildOpenApiDocument } from '../src/lib/openapi/build-openapi-document.ts';
import { API_ROUTE_OPERATIONS } from '../src/server/routes.ts';
import { checkTranslations, type ContentFiles } from '../src/lib/site-pages/translation-check.ts';

/** Every file below `root` (a content folder), keyed by its path below it with `/` between folders. */
export const readContentFiles = (root: string): ContentFiles =>
  Object.fromEntries(
    readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [
          path
            .slice(root.length)
            .replace(/^[\\/]/, '')
            .replaceAll('\\', '/'),
          readFileSync(path, 'utf8'),
        ];
      }),
  );

if (import.meta.main) {
  const started = performance.now();
  checkTranslations(
    readContentFiles(
      siteLocalesOf(process.env, fileURLToPath(new URL('..', import.meta.url)), LOCALE_RULES).contentDir,
    ),
    LOCALES,
    buildOpenApiDocument({ baseUrl: 'http://localhost:4321', catalogOriginPublicUrl: undefined }, API_ROUTE_OPERATIONS),
  );
  const ms = Math.round(performance.now() - started);
  process.stdout.write(`Every translation of ${LOCALES.join(', ')} is there (${ms} ms).\n`);
}
