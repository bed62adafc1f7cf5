import { LOCALES, type Locale } from './locales.ts';
import { pagePath } from './page-paths.ts';
import { CHANGELOG_SLUG } from './page-registry.ts';

/** What a change touches: the HTTP interface, the catalog's data, or the guide and site documents. */
export const CHANGE_KINDS = ['api', 'catalog', 'docs'] as const;

/** One of `CHANGE_KINDS`. */
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** One of the changelog's Atom feeds (RFC 4287): every entry in one language, or the entries of one kind. */
export interface ChangelogFeed {
  /** The language of its text, and of the page it is the feed of. */
  locale: Locale;
  /** The kind of its entries; undefined: every entry. */
  kind?: ChangeKind;
  /** Its URL path on `BASE_URL`: the page's path, then `/<kind>` for a kind's, then `.xml`. */
  path: string;
}

/** The URL path of the feed of `kind` (or of every entry) in `locale`. */
const feedPath = (locale: Locale, kind?: ChangeKind): string =>
  `${pagePath(locale, CHANGELOG_SLUG)}${kind === undefined ? '' : `/${kind}`}.xml`;

/**
 * Every feed, per language every entry's first, then each kind's: `/changelog.xml`, `/changelog/api.xml`,
 * `/changelog/catalog.xml`, `/changelog/docs.xml`, then the same under `/de`. Published URLs: never renamed.
 */
export const CHANGELOG_FEEDS: readonly ChangelogFeed[] = LOCALES.flatMap((locale) => [
  { locale, path: feedPath(locale) },
  ...CHANGE_KINDS.map((kind) => ({ locale, kind, path: feedPath(locale, kind) })),
]);

/** The feed at `path`, or undefined for any other path. */
export const changelogFeedAt = (path: string): ChangelogFeed | undefined =>
  CHANGELOG_FEEDS.find((feed) => feed.path === path);

/** The feeds a page in `locale` names in its head and lists: the changelog's in its language; none elsewhere. */
export const pageFeeds = (locale: Locale, slug: string): readonly ChangelogFeed[] =>
  slug === CHANGELOG_SLUG ? CHANGELOG_FEEDS.filter((feed) => feed.locale === locale) : [];

/** A feed's name: the page's title, and for a kind's feed its kind's label (`Changelog: API`). */
export const changelogFeedTitle = (
  pageTitle: string,
  kindLabels: Readonly<Record<ChangeKind, string>>,
  kind?: ChangeKind,
): string => (kind === undefined ? pageTitle : `${pageTitle}: ${kindLabels[kind]}`);
