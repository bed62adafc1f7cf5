import type { APIRoute } from 'astro';
import { buildAtomFeed, feedUpdated } from '../lib/changelog/build-atom-feed.ts';
import { CHANGELOG_ENTRIES } from '../lib/changelog/changelog.ts';
import { getConfig } from '../lib/config/config.ts';
import { formatHttpDate } from '../lib/http/http-date.ts';
import { getPageContent, getUiStrings } from '../lib/site-pages/guide-pages.ts';
import { DEFAULT_LOCALE } from '../lib/content/locales.ts';
import { CHANGELOG_SLUG, GUIDE_PAGES } from '../lib/content/page-registry.ts';

/** The changelog's Atom feed (RFC 4287), in English. Rendered by the build, served as a prepared document (its row in src/server/routes.ts). */
export const GET: APIRoute = async () => {
  const { baseUrl } = getConfig();
  const page = GUIDE_PAGES.find((entry) => entry.slug === CHANGELOG_SLUG)!;
  const [{ frontmatter }, ui] = await Promise.all([
    getPageContent(DEFAULT_LOCALE, page, undefined, baseUrl),
    getUiStrings(DEFAULT_LOCALE),
  ]);
  const feed = buildAtomFeed({
    entries: CHANGELOG_ENTRIES,
    baseUrl,
    title: `${frontmatter.title} · ${ui.siteName}`,
    subtitle: frontmatter.description,
    author: ui.siteName,
    actionLabel: ui.changelog.action,
  });
  // The store keeps it with the feed's bytes, so the server sends it and compares If-Modified-Since with it.
  const lastModified = formatHttpDate(Date.parse(feedUpdated(CHANGELOG_ENTRIES)));
  return new Response(feed, {
    headers: { 'Content-Type': 'application/atom+xml; charset=utf-8', 'Last-Modified': lastModified },
  });
};
