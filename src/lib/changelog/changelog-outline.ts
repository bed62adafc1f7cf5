import type { PhrasingContent, RootContent } from 'mdast';
import type { Locale } from '../content/locales.ts';
import type { UiStrings } from '../content/ui-strings-schema.ts';
import { anchoredHeading, code, strong, text } from '../markdown/mdast-builders.ts';
import { onPage, pagePart, twinOnly } from '../markdown/page-outline.ts';
import { CHANGELOG_FEED_PATH } from '../content/page-registry.ts';
import { textRuns } from './changelog.ts';
import { entryDay, type ChangelogEntry } from './changelog-schema.ts';

/** Entry text as phrasing: code runs as inline code. */
const phrasing = (value: string): PhrasingContent[] =>
  textRuns(value).map((run) => (run.code ? code(run.text) : text(run.text)));

const paragraph = (children: PhrasingContent[]): RootContent => ({ type: 'paragraph', children });

/**
 * The changelog's outline: the feed's link, then per entry, newest first, an H2 with its title anchored by its id, its
 * day and kind, what changed and what to do. The page, its Markdown twin and its table of contents are rendered from
 * it. The day is the one thing said two ways: the page writes it for a reader of its language (`<time>` with the
 * instant), the twin as the ISO date an agent compares.
 */
export function changelogOutline(
  entries: readonly ChangelogEntry[],
  locale: Locale,
  ui: UiStrings['changelog'],
): RootContent[] {
  const feed = onPage(
    { type: 'link', url: CHANGELOG_FEED_PATH, children: [text(ui.feed)] },
    {
      type: 'application/atom+xml',
    },
  );
  return [
    paragraph([feed]),
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
