import type { PhrasingContent, RootContent } from 'mdast';
import type { Locale } from '../content/locales.ts';
import type { CatalogUiStrings, MarkerPageUiStrings } from '../content/ui-strings-schema.ts';
import { anchoredHeading, bulletList, code, strong, table, text } from '../markdown/mdast-builders.ts';
import { MARKER_SECTION_IDS, showsAboutSection, type MarkerPageView } from './build-marker-page-view.ts';
import { derivedFromParts, languageName, regionRows, specimenLabel } from './marker-labels.ts';
import { markerSample } from './marker-sample.ts';
import { sampleLabels, sampleMarkdown } from '../samples/request-samples.ts';

/** What the Markdown of a marker page needs besides the view. */
export interface MarkerMarkdownOptions {
  locale: Locale;
  /** The site's origin, for the request sample. */
  baseUrl: string;
  /** Absolute URL of the list page in the page's language: inputs and category link below it. */
  listUrl: string;
  ui: MarkerPageUiStrings;
  catalogUi: CatalogUiStrings;
}

const link = (url: string, label: string): PhrasingContent => ({ type: 'link', url, children: [text(label)] });

/** `**label**: value`, an item of the facts list. */
const fact = (label: string, value: PhrasingContent[]): PhrasingContent[] => [strong(label), text(': '), ...value];

/** The calculated line: "no, reported by the laboratory", or "yes, from" and the linked inputs. */
function calculatedValue(view: MarkerPageView, { locale, listUrl, ui }: MarkerMarkdownOptions): PhrasingContent[] {
  if (view.derivedFrom.length === 0) return [text(view.marker.calculated ? ui.yes : ui.measured)];
  const parts = derivedFromParts(view.derivedFrom, locale).map((part) => {
    if (typeof part === 'string') return text(part);
    return part.key === undefined ? code(part.name.text) : link(`${listUrl}/${part.key}`, part.name.text);
  });
  return [text(`${ui.calculatedFrom} `), ...parts];
}

/** The facts list, as the page shows it: other names, category, specimen, calculated, uuid and key. */
function factsMarkdown(view: MarkerPageView, options: MarkerMarkdownOptions): RootContent[] {
  const { ui, listUrl } = options;
  const items: PhrasingContent[][] = [];
  if (view.aliases.length > 0) items.push(fact(ui.alsoKnownAs, [text(view.aliases.join(', '))]));
  if (view.category !== undefined) {
    items.push(fact(ui.category, [link(`${listUrl}#${view.category.anchor}`, view.category.name.text)]));
  }
  if (view.specimen !== undefined) items.push(fact(ui.specimen, [text(specimenLabel(view.specimen, ui))]));
  items.push(fact(ui.calculated, calculatedValue(view, options)));
  items.push(fact(ui.uuid, [code(view.marker.uuid)]));
  const key = view.metadataKey === undefined ? [text(ui.noKey)] : [code(view.metadataKey), text(` — ${ui.keyHint}`)];
  items.push(fact(ui.key, key));
  return [anchoredHeading(2, MARKER_SECTION_IDS.facts, [text(ui.factsHeading)]), bulletList(items)];
}

/** One row per region: unit, panels, premium. */
function regionsMarkdown(view: MarkerPageView, { ui, catalogUi }: MarkerMarkdownOptions): RootContent[] {
  const rows = regionRows(view.marker, ui, catalogUi).map((row) => row.map((cell) => [text(cell)]));
  return [
    anchoredHeading(2, MARKER_SECTION_IDS.regions, [text(ui.regionsHeading)]),
    table([ui.regionColumn, catalogUi.unit, ui.panelsColumn, ui.premiumColumn], rows),
    { type: 'paragraph', children: [text(ui.premiumHint)] },
  ];
}

/**
 * A marker page as Markdown nodes: facts, units, panels, a foreign-only description, names and API sample. Its sections'
 * headings carry the page's anchors: they are its table of contents too.
 */
export function markerPageMarkdown(view: MarkerPageView, options: MarkerMarkdownOptions): RootContent[] {
  const { ui, locale } = options;
  const { description } = view.marker;
  const about: RootContent[] =
    description !== undefined && showsAboutSection(view, locale)
      ? [
          anchoredHeading(2, MARKER_SECTION_IDS.about, [text(ui.aboutHeading)]),
          { type: 'paragraph', children: [text(description.text)] },
        ]
      : [];
  return [
    ...factsMarkdown(view, options),
    ...regionsMarkdown(view, options),
    ...about,
    anchoredHeading(2, MARKER_SECTION_IDS.names, [text(ui.namesHeading)]),
    table(
      [ui.languageColumn, ui.nameColumn],
      view.names.map((name) => [[text(languageName(name.lang, locale))], [text(name.text)]]),
    ),
    anchoredHeading(2, MARKER_SECTION_IDS.api, [text(ui.apiHeading)]),
    { type: 'paragraph', children: [text(ui.apiLead)] },
    ...sampleMarkdown(markerSample(view, options.baseUrl, options.locale), sampleLabels(options.locale), 3),
    { type: 'paragraph', children: [link(options.listUrl, ui.allMarkers)] },
  ];
}
