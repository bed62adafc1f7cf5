import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { i18nLoader } from '@astrojs/starlight/loaders';
import { docsSchema, i18nSchema } from '@astrojs/starlight/schema';
import { PageFrontmatterSchema } from './lib/content/page-registry.ts';
import { UiStringsSchema } from './lib/content/ui-strings-schema.ts';

/**
 * The content folder, from astro.config.mjs: `./content`, or the one `SITE_LOCALES_DIR` names
 * (src/lib/config/site-locales.ts).
 */
declare const __SITE_CONTENT__: string;

/** The guide's pages: `content/pages/<lang>/<path>.mdx`, id `<lang>/<path>` (e.g. `de/docs/mcp`). */
const pages = defineCollection({
  loader: glob({
    pattern: '**/*.mdx',
    base: `${__SITE_CONTENT__}/pages`,
    // Keep the path as it is on disk (`en/index`), so ids map 1:1 to the page registry.
    generateId: ({ entry }) => entry.replace(/\.mdx$/, ''),
  }),
  schema: PageFrontmatterSchema,
});

/** Interface strings per locale: `content/i18n/<lang>.yaml`, id `<lang>`. */
const ui = defineCollection({
  loader: glob({
    pattern: '*.yaml',
    base: `${__SITE_CONTENT__}/i18n`,
    generateId: ({ entry }) => entry.replace(/\.yaml$/, ''),
  }),
  schema: UiStringsSchema,
});

/**
 * Starlight's own collection, which it requires and reads on every render. It holds one draft and nothing else (its
 * loader loads no files, where Starlight's would look in `src/content/docs/`): the guide's pages are the `pages`
 * collection, rendered by the project's route inside <StarlightPage>. Starlight leaves drafts out of production
 * builds and servers, so no page comes of the draft; an empty collection would have Astro print a warning at the build
 * and at a server's first render, a line outside the JSON log.
 */
const docs = defineCollection({
  loader: {
    name: 'no-starlight-docs',
    load: async ({ store, parseData }) => {
      const id = 'starlight-docs-placeholder';
      store.set({ id, data: await parseData({ id, data: { title: 'Not a page', draft: true } }) });
    },
  },
  schema: docsSchema(),
});

/**
 * Starlight's own interface strings, overridden per language: `src/content/i18n/<lang>.json`
 * (the one place Starlight reads them from). German says "Sie", as the site does, where
 * Starlight's built-in German says "du".
 */
const i18n = defineCollection({ loader: i18nLoader(), schema: i18nSchema() });

export const collections = { pages, ui, docs, i18n };
