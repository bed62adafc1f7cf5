import type { PhrasingContent, RootContent } from 'mdast';
import type { Locale } from '../content/locales.ts';
import type { UiStrings } from '../content/ui-strings-schema.ts';
import { anchoredHeading, code, strong, text } from '../markdown/mdast-builders.ts';
import { CHANGELOG_FEED_PATH } from '../content/page-registry.ts';
import { textRuns } from './changelog.ts';
import type { ChangelogEntry } from './changelog-schema.ts';

/** Entry text as Markdown phrasing: code runs as inline code. */
const phrasing = (value: string): PhrasingContent[] =>
  textRuns(value).map((run) => (run.code ? code(run.text) : text(run.text)));

const paragraph = (children: PhrasingContent[]): RootContent => ({ type: 'paragraph', children });

/**
 * The changelog's Markdown twin: the feed's link, then per entry, newest first, an H2 with its title, its day and
 * kind, what changed and what to do; the same content as `<Changelog />`. The entries' headings carry their anchors: they
 * are the page's table of contents too.
 */
export function changelogMarkdown(
  entries: readonly ChangelogEntry[],
  locale: Locale,
  ui: UiStrings['changelog'],
  baseUrl: string,
): RootContent[] {
  const feed: RootContent = paragraph([
    { type: 'link', url: `${baseUrl}${CHANGELOG_FEED_PATH}`, children: [text(ui.feed)] },
  ]);
  return [
    feed,
    ...entries.flatMap((entry): RootContent[] => {
      const own = entry[locale];
      return [
        anchoredHeading(2, entry.id, [text(own.title)]),
        paragraph([{ type: 'emphasis', children: [text(`${entry.date} · ${ui.kinds[entry.kind]}`)] }]),
        paragraph(phrasing(own.change)),
        paragraph([strong(ui.action), text(' '), ...phrasing(own.action)]),
      ];
    }),
  ];
}
