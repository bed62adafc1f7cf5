import {
  CATALOG_TEMPLATES,
  type BiomarkerCatalog,
  type BiomarkerCatalogItem,
  type CatalogTemplate,
} from '../schemas/catalog.ts';
import type { MarkerGuides } from '../catalog/marker-guides.ts';
import { GUIDE_SECTIONS, type GuideSource } from '../catalog/source-schema.ts';
import { DEFAULT_LOCALE } from '../content/locales.ts';
import { buildCatalogView, type CatalogViewOptions, type MarkerView } from './build-catalog-view.ts';
import { derivedFromKeys, metadataKey } from './marker-keys.ts';
import { langAttribute, type LocalizedText } from './pick-translation.ts';

/** A marker another one is calculated from: its page key and name, or only its key when the catalog lacks it. */
export interface MarkerLink {
  /** The input's page key; undefined when no panel carries a marker with this key. */
  key: string | undefined;
  name: LocalizedText;
}

/** One section of a marker's guide in the page's language, with the works it rests on. */
export interface GuideSectionView {
  text: LocalizedText;
  sources: GuideSource[];
}

/** What a marker's page teaches: each section of its guide, the markers read with it, and every work cited. */
export interface MarkerGuideView {
  sections: Partial<Record<(typeof GUIDE_SECTIONS)[number], GuideSectionView>>;
  /** Markers read together with it that the catalog carries, in the guide's order. */
  related: Array<{ key: string; name: LocalizedText }>;
  /** Every work a section cites, in order of first citation. */
  sources: GuideSource[];
}

/** One marker's page: the list's view of it plus what only its own page shows. */
export interface MarkerPageView {
  marker: MarkerView;
  /** Its name in every language of the catalog, each with its BCP 47 tag, in catalog order. */
  names: LocalizedText[];
  /** Its category's name and fragment id on `/biomarkers`; undefined without a category. */
  category: { anchor: string; name: LocalizedText } | undefined;
  /** For a calculated marker, its inputs: each entry a list of alternatives. Empty otherwise. */
  derivedFrom: MarkerLink[][];
  /** The `metadata.key` that names the page; undefined when the origin gives none (the page key is then the uuid). */
  metadataKey: string | undefined;
  /**
   * What the sample is taken from (`metadata.specimen`: `serum`, `plasma`, `whole-blood`); undefined when not given,
   * and for a calculated marker, which has no sample of its own (its calculated line names its inputs).
   */
  specimen: string | undefined;
  /** Other names of the test in the page's language (the strings' `aliases`); empty when it has none. */
  aliases: readonly string[];
  /** The first panel that carries it: the one the API sample fetches. */
  sampleTemplate: CatalogTemplate;
  /** What its page teaches, from the bundled catalog's guide; undefined for a marker without one. */
  guide: MarkerGuideView | undefined;
}

/** The fragment ids of a marker page's sections, in page order, shared by its components and its table of contents. */
export const MARKER_SECTION_IDS = {
  facts: 'facts',
  why: 'why-tested',
  results: 'results',
  affects: 'what-affects-it',
  preparation: 'preparation',
  related: 'read-together',
  sources: 'sources',
  regions: 'regions',
  about: 'about',
  names: 'names',
  api: 'api',
} as const;

/** Whether the page has an "About" section: a description only in another language goes there, not in the lead. */
export const showsAboutSection = (view: MarkerPageView, locale: string): boolean =>
  view.marker.description !== undefined && langAttribute(view.marker.description, locale) !== undefined;

/**
 * The page of marker `key`, from the `/biomarkers` list's view so keys, names and anchors agree; undefined if no panel
 * has it.
 */
export function buildMarkerPageView(
  panels: Record<CatalogTemplate, BiomarkerCatalog>,
  key: string,
  options: CatalogViewOptions & {
    aliases?: Readonly<Record<string, readonly string[]>>;
    /** The bundled catalog's guides; without them the page teaches only its description. */
    guides?: MarkerGuides | undefined;
  },
): MarkerPageView | undefined {
  const view = buildCatalogView(panels, options);
  const category = view.categories.find((c) => c.markers.some((m) => m.key === key));
  const marker = category?.markers.find((m) => m.key === key);
  if (category === undefined || marker === undefined) return undefined;
  // The first item of each uuid, in panel order: the one the list's view was started from.
  const items = new Map<string, BiomarkerCatalogItem>();
  for (const template of CATALOG_TEMPLATES) {
    for (const each of panels[template].data) if (!items.has(each.uuid)) items.set(each.uuid, each);
  }
  const item = items.get(marker.uuid)!;
  const specimen = item.metadata?.['specimen'];
  // `derivedFrom` names inputs by `metadata.key`, which is not always their page key.
  const byMetadataKey = new Map<string, MarkerView>();
  for (const other of view.categories.flatMap((c) => c.markers)) {
    const otherKey = metadataKey(items.get(other.uuid)!);
    if (otherKey !== undefined && !byMetadataKey.has(otherKey)) byMetadataKey.set(otherKey, other);
  }
  const link = (input: string): MarkerLink => {
    const found = byMetadataKey.get(input);
    if (found === undefined) return { key: undefined, name: { text: input, lang: options.locale } };
    return { key: found.key, name: found.name };
  };
  return {
    marker,
    names: item.translations.map((t) => ({ text: t.name, lang: t.locale })),
    category: item.category === undefined ? undefined : { anchor: category.anchor, name: category.name },
    derivedFrom: derivedFromKeys(item).map((group) => group.map(link)),
    metadataKey: metadataKey(item),
    specimen: typeof specimen === 'string' && specimen !== 'calculated' ? specimen : undefined,
    aliases: options.aliases?.[marker.key] ?? [],
    sampleTemplate: marker.templates[0]!,
    guide: guideView(options.guides, metadataKey(item), options.locale, (key) => byMetadataKey.get(key)),
  };
}

/**
 * A guide's text in `locale`, or in the default language (marked as such) where the guide has no text in that
 * language: the bundled guides have every language of the site, a catalog's own guides may not.
 */
function guideText(section: Record<string, unknown>, locale: string): LocalizedText {
  const own = section[locale];
  return typeof own === 'string'
    ? { text: own, lang: locale }
    : { text: section[DEFAULT_LOCALE] as string, lang: DEFAULT_LOCALE };
}

/** The page's view of the guide of the marker with `key`; related markers the catalog lacks are left out. */
function guideView(
  guides: MarkerGuides | undefined,
  key: string | undefined,
  locale: string,
  find: (key: string) => MarkerView | undefined,
): MarkerGuideView | undefined {
  const guide = key === undefined ? undefined : guides?.guides.get(key);
  if (guides === undefined || guide === undefined) return undefined;
  const cited = new Map<string, GuideSource>();
  const sections: MarkerGuideView['sections'] = {};
  for (const name of GUIDE_SECTIONS) {
    const section = guide[name];
    if (section === undefined) continue;
    const sources = section.sources.map((id) => guides.sources.get(id)!);
    for (const source of sources) cited.set(source.id, source);
    sections[name] = { text: guideText(section, locale), sources };
  }
  const related = guide.related.flatMap((other) => {
    const found = find(other);
    return found === undefined ? [] : [{ key: found.key, name: found.name }];
  });
  return { sections, related, sources: [...cited.values()] };
}
