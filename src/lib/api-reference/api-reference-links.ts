import type { Locale } from '../content/locales.ts';
import { pagePath } from '../content/page-paths.ts';
import { API_REFERENCE_SLUG, apiFamilySlug, type ApiFamilyId } from '../content/api-families.ts';

/** The developer guide's page, whose "Errors" section has a heading per error code (Problem `type` URIs point there). */
const ERROR_GUIDE_SLUG = 'developers';

/** The slug of the reference page an anchor is on: a family's, or the overview. */
const slugOf = (family: ApiFamilyId | undefined): string =>
  family === undefined ? API_REFERENCE_SLUG : apiFamilySlug(family);

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
  const slug = slugOf(target.family);
  return slug === fromSlug ? `#${target.anchor}` : `${pagePath(locale, slug)}#${target.anchor}`;
}

/** A link to the guide's section on an error code, in the page's language. */
export const guideHref = (locale: Locale, anchor: string): string => `${pagePath(locale, ERROR_GUIDE_SLUG)}#${anchor}`;
