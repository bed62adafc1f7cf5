import type { PhrasingContent, RootContent } from 'mdast';
import type { Locale } from '../content/locales.ts';
import type { CatalogUiStrings, MarkerPageUiStrings } from '../content/ui-strings-schema.ts';
import { anchoredHeading, bulletList, code, table, text } from '../markdown/mdast-builders.ts';
import { fact, facts, onPage, pagePart, type Fact } from '../markdown/page-outline.ts';
import { fillFragment } from '../samples/prepared-sample-fragments.ts';
import { sampleOutline } from '../samples/request-samples.ts';
import {
  MARKER_SECTION_IDS,
  showsAboutSection,
  type GuideSectionView,
  type MarkerGuideView,
  type MarkerPageView,
} from './build-marker-page-view.ts';
import { jsonLdText, markerJsonLd } from './marker-json-ld.ts';
import { derivedFromParts, languageName, regionRows, specimenLabel } from './marker-labels.ts';
import { markerSample, markerSampleValues } from './marker-sample.ts';
import { langAttribute, type LocalizedText } from './pick-translation.ts';

/** What a marker page's outline needs besides the view. */
export interface MarkerOutlineOptions {
  locale: Locale;
  /** The site's origin, for the request sample and the JSON-LD's URL. */
  baseUrl: string;
  /** The list page's path in the page's language: inputs and category link below it. */
  listPath: string;
  /** This page's own path, named in its JSON-LD. */
  pagePath: string;
  ui: MarkerPageUiStrings;
  catalogUi: CatalogUiStrings;
  /** The request sample's markup as the build highlighted it, with stand-in values; without it the page highlights. */
  preparedSample?: string | undefined;
}

/** A link on the site, marked with its text's language where that is not the page's. */
const link = (url: string, name: LocalizedText, locale: string): PhrasingContent =>
  onPage({ type: 'link', url, children: [text(name.text)] }, { lang: langAttribute(name, locale) });

/**
 * The calculated line: "no, reported by the laboratory", or "yes, from" and the linked inputs, followed by the data
 * about the person the strings name for the marker ("yes, from Creatinine, with age and sex").
 */
function calculatedValue(view: MarkerPageView, { locale, listPath, ui }: MarkerOutlineOptions): PhrasingContent[] {
  if (view.derivedFrom.length === 0) return [text(view.marker.calculated ? ui.yes : ui.measured)];
  const inputs = derivedFromParts(view.derivedFrom, locale).map((part) => {
    if (typeof part === 'string') return text(part);
    return part.key === undefined ? code(part.name.text) : link(`${listPath}/${part.key}`, part.name, locale);
  });
  const person = Object.hasOwn(ui.personInputs, view.marker.key) ? ui.personInputs[view.marker.key] : undefined;
  if (person === undefined) return [text(`${ui.calculatedFrom} `), ...inputs];
  const about = new Intl.ListFormat(locale, { type: 'conjunction' }).format(person);
  return ui.calculatedFromWith
    .split(/(\{inputs\}|\{person\})/)
    .filter((piece) => piece !== '')
    .flatMap((piece) => (piece === '{inputs}' ? inputs : [text(piece === '{person}' ? about : piece)]));
}

/** The facts: other names, category, specimen, calculated, uuid (with a copy button on the page) and key. */
function factsOutline(view: MarkerPageView, options: MarkerOutlineOptions): RootContent[] {
  const { ui, listPath, locale } = options;
  const items: Fact[] = [];
  if (view.aliases.length > 0) items.push(fact(ui.alsoKnownAs, [text(view.aliases.join(', '))]));
  if (view.category !== undefined) {
    items.push(fact(ui.category, [link(`${listPath}#${view.category.anchor}`, view.category.name, locale)]));
  }
  if (view.specimen !== undefined) items.push(fact(ui.specimen, [text(specimenLabel(view.specimen, ui))]));
  items.push(fact(ui.calculated, calculatedValue(view, options), { class: 'derived-from' }));
  items.push(
    fact(ui.uuid, [
      code(view.marker.uuid),
      pagePart('CopyButton', { text: view.marker.uuid, label: ui.copy, copied: ui.copied }),
      pagePart('CopyButtonScript'),
    ]),
  );
  const key =
    view.metadataKey === undefined
      ? [text(ui.noKey)]
      : [code(view.metadataKey), text(' — '), onPage(text(ui.keyHint), { class: 'marker-key-hint' })];
  items.push(fact(ui.key, key));
  return [
    anchoredHeading(2, MARKER_SECTION_IDS.facts, [text(ui.factsHeading)]),
    facts(items, { class: 'marker-page-facts' }),
  ];
}

/** A guide section's text, then the labels of the works it rests on. */
function guideParagraphs(section: GuideSectionView, { ui, locale }: MarkerOutlineOptions): RootContent[] {
  return [
    onPage({ type: 'paragraph', children: [text(section.text.text)] }, { lang: langAttribute(section.text, locale) }),
    onPage(
      { type: 'paragraph', children: [text(`${ui.citedLabel} ${section.sources.map((s) => s.label).join(' · ')}`)] },
      { class: 'marker-guide-cited' },
    ),
  ];
}

/**
 * What the page teaches, as its guide has it: why the test is done; what a higher and a lower result can mean, and why
 * the page shows no range; what can affect it and how to prepare, where the guide says; the markers read with it.
 */
function guideOutline(guide: MarkerGuideView, options: MarkerOutlineOptions): RootContent[] {
  const { ui, listPath, locale } = options;
  const { why, higher, lower, affects, preparation } = guide.sections;
  const section = (id: string, heading: string, part: GuideSectionView | undefined, depth: 2 | 3 = 2) =>
    part === undefined ? [] : [anchoredHeading(depth, id, [text(heading)]), ...guideParagraphs(part, options)];
  const results: RootContent[] =
    higher === undefined && lower === undefined
      ? []
      : [
          anchoredHeading(2, MARKER_SECTION_IDS.results, [text(ui.resultsHeading)]),
          ...section(`${MARKER_SECTION_IDS.results}-higher`, ui.higherHeading, higher, 3),
          ...section(`${MARKER_SECTION_IDS.results}-lower`, ui.lowerHeading, lower, 3),
          onPage({ type: 'paragraph', children: [text(ui.noRangeNote)] }, { class: 'marker-no-range' }),
        ];
  const related: RootContent[] =
    guide.related.length === 0
      ? []
      : [
          anchoredHeading(2, MARKER_SECTION_IDS.related, [text(ui.relatedHeading)]),
          { type: 'paragraph', children: [text(ui.relatedLead)] },
          onPage(bulletList(guide.related.map((other) => [link(`${listPath}/${other.key}`, other.name, locale)])), {
            class: 'marker-related',
          }),
        ];
  return [
    ...section(MARKER_SECTION_IDS.why, ui.whyHeading, why),
    ...results,
    ...section(MARKER_SECTION_IDS.affects, ui.affectsHeading, affects),
    ...section(MARKER_SECTION_IDS.preparation, ui.preparationHeading, preparation),
    ...related,
  ];
}

/** The works the guide cites, each with its publisher and the year of the version it was checked against. */
function sourcesOutline(guide: MarkerGuideView, { ui, locale }: MarkerOutlineOptions): RootContent[] {
  if (guide.sources.length === 0) return [];
  const items = guide.sources.map((source): PhrasingContent[] => {
    const title = text(source.title);
    const titled: PhrasingContent =
      source.url === undefined
        ? { type: 'emphasis', children: [title] }
        : { type: 'link', url: source.url, children: [title] };
    // A title in another language than the page's is marked with its own (WCAG 3.1.2).
    const marked = onPage(titled, { lang: langAttribute({ text: source.title, lang: source.lang }, locale) });
    return [marked, text(`. ${source.publisher}, ${source.year}.`)];
  });
  return [
    anchoredHeading(2, MARKER_SECTION_IDS.sources, [text(ui.sourcesHeading)]),
    { type: 'paragraph', children: [text(ui.sourcesLead)] },
    onPage(bulletList(items), { class: 'marker-sources' }),
  ];
}

/** One row per region: unit, panels, premium; then what premium means, and the units other reports use. */
function regionsOutline(view: MarkerPageView, { ui, catalogUi, locale }: MarkerOutlineOptions): RootContent[] {
  const rows = regionRows(view.marker, ui, catalogUi, locale).map((row) => row.map((cell) => [text(cell)]));
  const regions = table([ui.regionColumn, catalogUi.unit, ui.panelsColumn, ui.premiumColumn], rows);
  return [
    anchoredHeading(2, MARKER_SECTION_IDS.regions, [text(ui.regionsHeading)]),
    onPage({ ...regions, data: { rowHeaders: true } }, { class: 'marker-regions' }),
    onPage({ type: 'paragraph', children: [text(ui.premiumHint)] }, { class: 'marker-premium-hint' }),
    onPage({ type: 'paragraph', children: [text(ui.conventionalUnitsHint)] }, { class: 'marker-units-hint' }),
  ];
}

/** The names in every language, each cell marked with its language. */
function namesOutline(view: MarkerPageView, { ui, locale }: MarkerOutlineOptions): RootContent[] {
  const names = table(
    [ui.languageColumn, ui.nameColumn],
    view.names.map((name) => [[text(languageName(name.lang, locale))], [text(name.text)]]),
  );
  for (const [index, row] of names.children.slice(1).entries())
    onPage(row.children[1]!, { lang: view.names[index]!.lang });
  return [
    anchoredHeading(2, MARKER_SECTION_IDS.names, [text(ui.namesHeading)]),
    onPage({ ...names, data: { rowHeaders: true } }, { class: 'marker-names' }),
  ];
}

/**
 * A marker page's outline: its schema.org `MedicalTest` JSON-LD (the page's only), facts, units and panels per region,
 * a foreign-only description, names in every language and an API sample, each section under a heading anchored as the
 * page anchors it. The page, its Markdown twin and its table of contents are rendered from it.
 */
export function markerPageOutline(view: MarkerPageView, options: MarkerOutlineOptions): RootContent[] {
  const { ui, locale, baseUrl } = options;
  const { description } = view.marker;
  const about: RootContent[] =
    description !== undefined && showsAboutSection(view, locale)
      ? [
          anchoredHeading(2, MARKER_SECTION_IDS.about, [text(ui.aboutHeading)]),
          onPage({ type: 'paragraph', children: [text(description.text)] }, { lang: description.lang }),
        ]
      : [];
  const prepared =
    options.preparedSample === undefined
      ? undefined
      : fillFragment(options.preparedSample, markerSampleValues(view, baseUrl, locale));
  return [
    pagePart('JsonLd', { json: jsonLdText(markerJsonLd(view, `${baseUrl}${options.pagePath}`)) }),
    ...factsOutline(view, options),
    ...(view.guide === undefined ? [] : guideOutline(view.guide, options)),
    ...(view.guide === undefined ? [] : sourcesOutline(view.guide, options)),
    ...regionsOutline(view, options),
    ...about,
    ...namesOutline(view, options),
    anchoredHeading(2, MARKER_SECTION_IDS.api, [text(ui.apiHeading)]),
    { type: 'paragraph', children: [text(ui.apiLead)] },
    ...sampleOutline(markerSample(view, baseUrl, locale), locale, 3, prepared),
    { type: 'paragraph', children: [{ type: 'link', url: options.listPath, children: [text(ui.allMarkers)] }] },
  ];
}
