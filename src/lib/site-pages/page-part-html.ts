import { CATALOG_PART_HTML } from '../catalog-page/browser-html.ts';
import { copyButton, type CopyButtonProps } from '../catalog-page/copy-button.ts';
import { element, rawHtml, textHtml, type PartBuilder } from '../markdown/outline-html.ts';

/** A changelog entry's day, written for a reader of the page's language (`<time>` with the instant), and its kind. */
function changelogMeta({ date, kind, label, locale }: { date: string; kind: string; label: string; locale: string }) {
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(date));
  return [
    element('p', { class: 'changelog-meta' }, [
      element('time', { dateTime: date }, [textHtml(day)]),
      textHtml(' · '),
      element('span', { class: `changelog-kind changelog-kind-${kind}` }, [textHtml(label)]),
    ]),
  ];
}

/** A JSON-LD data block: never executed, so the page's `script-src` does not apply to it. */
const jsonLd = ({ json }: { json: string }) => [element('script', { type: 'application/ld+json' }, [rawHtml(json)])];

/**
 * A builder taking the properties its outline helper gave the part: each is built by a typed helper beside the
 * outline that uses it, so a name and its properties are checked there.
 */
const part =
  <P>(build: (props: P) => ReturnType<PartBuilder>): PartBuilder =>
  (props) =>
    build(props as P);

/**
 * The page parts written as HTML here, by the name an outline's `pagePart` gives. A request sample is the build's
 * prepared fragment when there is one; without it, and for the parts with a script (the copy buttons' and the
 * browser's) or the form of Try it, `DataPage.astro` renders the Astro component.
 */
export const PAGE_PART_HTML: Readonly<Record<string, PartBuilder | undefined>> = {
  ChangelogMeta: part(changelogMeta),
  CopyButton: part<CopyButtonProps>(copyButton),
  JsonLd: part(jsonLd),
  ...CATALOG_PART_HTML,
  ViewSlot: part(({ slot }: { slot: string }) => [rawHtml(slot)]),
  RequestSample: part(({ prepared }: { prepared?: string | undefined }) =>
    prepared === undefined ? undefined : [rawHtml(prepared)],
  ),
};
