import {
  CATALOG_TEMPLATES,
  type BiomarkerCatalog,
  type BiomarkerCatalogItem,
  type CatalogTemplate,
  type Category,
} from '../schemas/catalog.ts';
import { assignMarkerKeys } from './marker-keys.ts';
import { PANEL_KINDS, queryReading, searchText, type PanelRegion, type QueryReading } from './biomarker-filter.ts';
import { pickText, type LocalizedText } from './pick-translation.ts';

/** One marker as the page shows it, merged from every panel that carries it. */
export interface MarkerView {
  uuid: string;
  /** The marker's page below `/biomarkers/`: its `metadata.key`, or its uuid (see `assignMarkerKeys`). */
  key: string;
  name: LocalizedText;
  description: LocalizedText | undefined;
  /** Unit on the EU panels and on the UK panels; undefined without a unit or without a panel there. */
  unitEu: string | undefined;
  unitUk: string | undefined;
  /** `computedInternally` on any panel. */
  calculated: boolean;
  /** The regions whose panel serves it with `premium` (on the complete panel, not on the light one). */
  premiumIn: PanelRegion[];
  /** The panels that carry it, in `CATALOG_TEMPLATES` order. */
  templates: CatalogTemplate[];
  /**
   * What the browser's search matches (`searchText`): its name, its category's name and everyday words in the page's
   * language; its names in the other languages, its key and the other languages' everyday words.
   */
  search: string;
  /** The anchor of its category's section: the browser's `category` value. */
  category: string;
}

/** One category section of the page. */
export interface CategoryView {
  /** Fragment id of the section, unique on the page: the category `type` where it can be one. */
  anchor: string;
  name: LocalizedText;
  description: LocalizedText | undefined;
  /** Path of the icon on this site, or undefined when there is none the page may load (CSP `img-src 'self'`). */
  iconPath: string | undefined;
  markers: MarkerView[];
}

/** The whole catalog as the page shows it. */
export interface CatalogView {
  categories: CategoryView[];
  /** Number of distinct markers on each panel. */
  counts: Record<CatalogTemplate, number>;
  /** How the browser's search reads a query in the page's language (`catalog.searchFillers`). */
  reading: QueryReading;
}

/** What the view depends on besides the panels. */
export interface CatalogViewOptions {
  /** The page's language. */
  locale: string;
  /** The site's origin: only icons served from it are shown. */
  baseUrl: string;
  /** Name of the group of markers that have no category, in the page's language. */
  otherCategory: string;
  /**
   * Everyday words in the page's language that the search finds markers by too: by marker key, or by category type
   * for every marker of that category.
   */
  searchTerms?: Readonly<Record<string, readonly string[]>>;
  /** Words the search drops in the page's language, and endings (`-wert`) it drops from a word (`queryReading`). */
  searchFillers?: readonly string[];
  /** The other languages' words, keyed as `searchTerms`: found as the names in other languages are. */
  otherSearchTerms?: Readonly<Record<string, readonly string[]>>;
}

/** The fragment ids of the list's own sections, shared by its components and its table of contents. */
export const CATALOG_SECTION_IDS = {
  browser: 'browser-heading',
  panels: 'panels',
  categories: 'category-index-heading',
  /** The categories and their markers: where the status line's link jumps. */
  matches: 'catalog-list',
} as const;

/** Ids the catalog component uses itself; a category may not take them. */
const RESERVED_IDS = new Set([
  'main',
  'toc-heading',
  'browser',
  'browser-status',
  ...Object.values(CATALOG_SECTION_IDS),
]);

/** A fragment id from a category key: lower-case letters, digits and hyphens. */
const slugify = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The icon's path when `imageUrl` is on this site's origin. */
function iconPath(imageUrl: string | undefined, baseUrl: string): string | undefined {
  if (imageUrl === undefined) return undefined;
  const url = new URL(imageUrl);
  return url.origin === new URL(baseUrl).origin ? `${url.pathname}${url.search}` : undefined;
}

/** The markers of one category (or of none), in the order the panels list them. */
interface MarkerGroup {
  category: Category | undefined;
  markers: MarkerView[];
}

/** A new marker from the first item that names it; `mergeItem` adds each panel's facts. */
function newMarker(item: BiomarkerCatalogItem, key: string, options: CatalogViewOptions): MarkerView {
  const { locale } = options;
  const termsOf = (words: Readonly<Record<string, readonly string[]>> = {}) => [
    ...(words[key] ?? []),
    ...(item.category?.type === undefined ? [] : (words[item.category.type] ?? [])),
  ];
  const name = pickText(item.translations, locale, 'name');
  // The category's name as the page shows it above the marker: a heading a reader sees is a word they type.
  const categoryName = pickText(item.category?.translations ?? [], locale, 'name');
  const local = [
    ...(name === undefined ? [] : [name.text]),
    ...(categoryName === undefined ? [] : [categoryName.text]),
    ...termsOf(options.searchTerms),
  ];
  const other = [
    ...item.translations.map((translation) => translation.name).filter((text) => text !== name?.text),
    key,
    ...termsOf(options.otherSearchTerms),
  ];
  return {
    uuid: item.uuid,
    key,
    name: name ?? { text: item.uuid, lang: locale },
    description: pickText(item.translations, locale, 'description'),
    unitEu: undefined,
    unitUk: undefined,
    calculated: false,
    premiumIn: [],
    templates: [],
    search: searchText(local, other),
    category: '',
  };
}

/** Folds one panel's item into its marker: the panel, its region's unit, the flags. */
function mergeItem(marker: MarkerView, item: BiomarkerCatalogItem, template: CatalogTemplate): void {
  if (!marker.templates.includes(template)) marker.templates.push(template);
  const { region } = PANEL_KINDS[template];
  if (region === 'eu') marker.unitEu ??= item.unit;
  else marker.unitUk ??= item.unit;
  marker.calculated ||= item.computedInternally === true;
  if (item.premium === true && !marker.premiumIn.includes(region)) marker.premiumIn.push(region);
}

/** Every marker of any panel once, grouped by category uuid in first-seen order (complete EU first). */
function groupMarkers(panels: Record<CatalogTemplate, BiomarkerCatalog>, options: CatalogViewOptions): MarkerGroup[] {
  const markers = new Map<string, MarkerView>();
  const groups = new Map<string, MarkerGroup>();
  const keys = assignMarkerKeys(panels);
  for (const template of CATALOG_TEMPLATES) {
    for (const item of panels[template].data) {
      let marker = markers.get(item.uuid);
      if (marker === undefined) {
        marker = newMarker(item, keys.get(item.uuid)!, options);
        markers.set(item.uuid, marker);
        const key = item.category?.uuid ?? '';
        const group = groups.get(key) ?? { category: item.category, markers: [] };
        group.markers.push(marker);
        groups.set(key, group);
      }
      mergeItem(marker, item, template);
    }
  }
  return [...groups.values()];
}

/** Hands out fragment ids, each unique on the page. */
function anchorMaker(markerKeys: readonly string[]): (key: string) => string {
  const taken = new Set([...RESERVED_IDS, ...markerKeys]);
  return (key) => {
    const stem = slugify(key) || 'category';
    let id = stem;
    for (let n = 2; taken.has(id); n += 1) id = `${stem}-${n}`;
    taken.add(id);
    return id;
  };
}

/** The section of one group; a group without a category gets the "other" name. */
function categoryView(group: MarkerGroup, options: CatalogViewOptions, anchor: (key: string) => string): CategoryView {
  const { category } = group;
  const translations = category?.translations ?? [];
  const id = anchor(category === undefined ? 'other' : (category.type ?? category.uuid));
  for (const marker of group.markers) marker.category = id;
  return {
    anchor: id,
    name: pickText(translations, options.locale, 'name') ?? { text: options.otherCategory, lang: options.locale },
    description: pickText(translations, options.locale, 'description'),
    iconPath: iconPath(category?.imageUrl, options.baseUrl),
    markers: group.markers,
  };
}

/** Every marker of the four panels once, grouped by category in panel order (complete EU first), uncategorised last. */
export function buildCatalogView(
  panels: Record<CatalogTemplate, BiomarkerCatalog>,
  options: CatalogViewOptions,
): CatalogView {
  const groups = groupMarkers(panels, options);
  const all = groups.flatMap((group) => group.markers);
  const ordered = [
    ...groups.filter((g) => g.category !== undefined),
    ...groups.filter((g) => g.category === undefined),
  ];
  // A marker's section is found by its key (`/biomarkers#<key>`): no category may take one.
  const anchor = anchorMaker(all.map((marker) => marker.key));
  const counts = Object.fromEntries(
    CATALOG_TEMPLATES.map((template) => [template, all.filter((m) => m.templates.includes(template)).length]),
  ) as Record<CatalogTemplate, number>;
  return {
    categories: ordered.map((group) => categoryView(group, options, anchor)),
    counts,
    reading: queryReading(options.searchFillers ?? []),
  };
}
