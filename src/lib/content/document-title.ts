/**
 * The longest `<title>` a search result shows whole; html-validate's `long-title` (in its
 * `recommended` set) flags longer ones, and Lighthouse's SEO audits read the same element.
 */
export const MAX_TITLE_LENGTH = 70;

/**
 * The document title of a guide page: "Site — Title" for the home page, "Title · Site"
 * elsewhere, and the page's own title alone when the site name would push it past
 * {@link MAX_TITLE_LENGTH} (some marker names are long: "NT-proBNP (N-terminal …)").
 */
export function documentTitle(siteName: string, pageTitle: string, isHome: boolean): string {
  const full = isHome ? `${siteName} — ${pageTitle}` : `${pageTitle} · ${siteName}`;
  return full.length <= MAX_TITLE_LENGTH ? full : pageTitle;
}
