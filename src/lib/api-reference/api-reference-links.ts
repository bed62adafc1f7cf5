import type { Locale } from '../content/locales.ts';
import { pagePath } from '../content/page-paths.ts';
import { API_REFERENCE_SLUG, apiFamilySlug, type ApiFamilyId } from './api-families.ts';

/**
 * A link from one page of the reference (`fromSlug`) to an anchor on another or the same:
 * an operation or response on its family's page, or, without a family, a schema or shared
 * header on the overview. A fragment alone when the target is on the page itself.
 */
export function referenceHref(
  locale: Locale,
  fromSlug: string,
  target: { anchor: string; family?: ApiFamilyId | undefined },
): string {
  const slug = target.family === undefined ? API_REFERENCE_SLUG : apiFamilySlug(target.family);
  return slug === fromSlug ? `#${target.anchor}` : `${pagePath(locale, slug)}#${target.anchor}`;
}
