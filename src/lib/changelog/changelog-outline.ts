import type { PhrasingContent, RootContent } from 'mdast';
import type { Locale } from '../content/locales.ts';
import type { UiStrings } from '../content/ui-strings-schema.ts';
import { anchoredHeading, code, strong, text } from '../markdown/mdast-builders.ts';
import { onPage, pagePart, twinOnly } from '../markdown/page-outline.ts';
import { pageFeeds, type ChangelogFeed } from '../content/changelog-feeds.ts';
import { CHANGELOG_SLUG } from '../content/page-registry.ts';
import { textRuns } from './changelog.ts';
import { entryDay, type ChangelogEntry } from './changelog-schema.ts';

/** Entry text as phrasing: code runs as inline code. */
const phrasing = (value: string): PhrasingContent[] =>
  textRuns(value).map((run) => (run.code ? code(run.text) : text(run.text)));

const paragraph = (children: PhrasingContent[]): RootContent => ({ type: 'paragraph', children });

/** A link to a feed, typed on the page as its head's link is (`type="application/atom+xml"`). */
const feedLink = (feed: ChangelogFeed, label: string): PhrasingContent =>
  onPage({ type: 'link', url: feed.path, children: [text(label)] }, { type: 'application/atom+xml' });

/** The page's feeds in its language: the feed of every entry, then each kind's, named by the kind. */
function feedsParagraph(locale: Locale, ui: UiStrings['changelog']): RootContent {
  const [all, ...kinds] = pageFeeds(locale, CHANGELOG_SLUG);
  const perKind = kinds.flatMap((feed, index) => [
    ...(index === 0 ? [] : [text(', ')]),
    feedLink(feed, ui.kinds[feed.kind!]),
  ]);
  return paragraph([feedLink(all!, ui.feed), text(` ${ui.feedKinds} `), ...perKind, text('.')]);
}

/**
 * The changelog's outline: the links of its feeds, then per entry, newest first, an H2 with its title anchored by its
 * id, its day and kind, what changed and what to do. The page, its Markdown twin and its table of contents are
 * rendered from it. The day is the one thing said two ways: the page writes it for a reader of its language
 * (`<time>` with the instant), the twin as the ISO date an agent compares.
 */
export function changelogOutline(
  entries: readonly ChangelogEntry[],
  locale: Locale,
  ui: UiStrings['changelog'],
): RootContent[] {
  return [
    feedsParagraph(locale, ui),
    ...entries.flatMap((entry): RootContent[] => {
      const own = entry[locale];
      const kind = ui.kinds[entry.kind];
      return [
        anchoredHeading(2, entry.id, [text(own.title)]),
        pagePart('ChangelogMeta', { date: entry.date, kind: entry.kind, label: kind, locale }),
        twinOnly([paragraph([{ type: 'emphasis', children: [text(`${entryDay(entry)} · ${kind}`)] }])]),
        paragraph(phrasing(own.change)),
        paragraph([strong(ui.action), text(' '), ...phrasing(own.action)]),
      ];
    }),
  ];
}
