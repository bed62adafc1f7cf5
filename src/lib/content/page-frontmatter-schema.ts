import { z } from 'zod';

/** Frontmatter of every MDX page in `content/pages/<lang>/`. */
export const PageFrontmatterSchema = z.strictObject({
  /** The page's H1, `<title>`, and its name in `llms.txt` and the Markdown twin's `# Title`. */
  title: z.string().trim().min(1).max(80),
  /** One or two sentences: the meta description, the lead paragraph, the `llms.txt` note. */
  description: z.string().trim().min(20).max(300),
  /** Short label for the navigation; the title when absent. */
  navLabel: z.string().trim().min(1).max(24).optional(),
  /** Date of the last substantive change (YYYY-MM-DD): the sitemap's `lastmod`. */
  lastUpdated: z.coerce.date(),
});

/** The validated frontmatter of a page. */
export type PageFrontmatter = z.infer<typeof PageFrontmatterSchema>;
