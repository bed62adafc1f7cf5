import {
  CATALOG_TEMPLATES,
  type BiomarkerCatalog,
  type BiomarkerCatalogItem,
  type CatalogTemplate,
} from '../schemas/catalog.ts';
import { buildCatalogView, type CatalogViewOptions, type MarkerView } from './build-catalog-view.ts';
import { derivedFromKeys, metadataKey } from './marker-keys.ts';
import { langAttribute, type LocalizedText } from './pick-translation.ts';

/** A marker another one is calculated from: its page key and name, or only its key when the catalog lacks it. */
export interface MarkerLink {
  /** The input's page key; undefined when no panel carries a marker with this key. */
  key: string | undefined;
  name: LocalizedText;
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
}

/** The fragment ids of a marker page's sections, in page order, shared by its components and its table of contents. */
export const MARKER_SECTION_IDS = {
  facts: 'facts',
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
  options: CatalogViewOptions & { aliases?: Readonly<Record<string, readonly string[]>> },
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
  };
}
