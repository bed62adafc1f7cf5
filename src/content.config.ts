import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { PageFrontmatterSchema } from './lib/content/page-frontmatter-schema.ts';
import { UiStringsSchema } from './lib/content/ui-strings-schema.ts';

/** The guide's pages: `content/pages/<lang>/<path>.mdx`, id `<lang>/<path>` (e.g. `de/docs/mcp`). */
const pages = defineCollection({
  loader: glob({
    pattern: '**/*.mdx',
    base: './content/pages',
    // Keep the path as it is on disk (`en/index`), so ids map 1:1 to the page registry.
    generateId: ({ entry }) => entry.replace(/\.mdx$/, ''),
  }),
  schema: PageFrontmatterSchema,
});

/** Interface strings per locale: `content/i18n/<lang>.yaml`, id `<lang>`. */
const ui = defineCollection({
  loader: glob({ pattern: '*.yaml', base: './content/i18n', generateId: ({ entry }) => entry.replace(/\.yaml$/, '') }),
  schema: UiStringsSchema,
});

export const collections = { pages, ui };
