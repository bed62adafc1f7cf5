import type { GuidePageEntry } from '../../lib/content/page-registry.ts';

/**
 * Whether an item family's page (a biomarker's) exists now: its key is in the data. The
 * page data and its loaders are imported on the first such request, never at start-up.
 */
export async function itemPageExists(page: GuidePageEntry): Promise<boolean> {
  const { itemPageExists: exists } = await import('../../lib/content/page-items.ts');
  return exists(page);
}
