import { z } from 'zod';
import { CATALOG_LOCALES, DEFAULT_LOCALE, LOCALES, type Locale } from '../content/locales.ts';

/** A locale of the catalog data. */
type CatalogLocale = (typeof CATALOG_LOCALES)[number];

/** Locales in which every marker and category has a description and its guide: the site's. */
const DESCRIBED_LOCALES = LOCALES;

/** Short panel names used in the data files, mapped to their public template. */
export const PANEL_KEYS = {
  'complete-eu': 'public-complete-eu',
  'light-eu': 'public-light-eu',
  'complete-uk': 'public-v2-complete-uk',
  'light-uk': 'public-v2-light-uk',
} as const;

/** A permanent, kebab-case key: never renamed, so it can anchor identifiers and URLs. */
const KeySchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case');

/** Text of one locale in a data file. */
const LocalizedTextSchema = z.strictObject({
  /** Name as a clinician writing in that language would give it. */
  name: z.string().trim().min(1),
  /** 1–3 educational sentences: what it measures and why it matters; no advice. */
  description: z.string().trim().min(1).optional(),
});

/** The texts of a marker or category, keyed by locale; every locale is required. */
const TranslationsSourceSchema = z.strictObject(
  Object.fromEntries(CATALOG_LOCALES.map((locale) => [locale, LocalizedTextSchema])) as Record<
    CatalogLocale,
    typeof LocalizedTextSchema
  >,
);

/**
 * One work a marker's guide rests on (`content/catalog/sources.yaml`): a clinical guideline or a standard text for
 * patients, named as a reader would look it up.
 */
export const GuideSourceSchema = z.strictObject({
  /** Permanent key the guides cite it by, e.g. `nice-ng28`. */
  id: KeySchema,
  /** Short label printed beside a section that cites it, e.g. `NICE NG28`. */
  label: z.string().trim().min(1).max(40),
  /** Full title as the publisher gives it. */
  title: z.string().trim().min(1),
  /** The language of the title and the work, as a BCP 47 tag. */
  lang: z.enum(DESCRIBED_LOCALES as [Locale, ...Locale[]]).default(DEFAULT_LOCALE),
  /** Who publishes it, e.g. `National Institute for Health and Care Excellence (NICE)`. */
  publisher: z.string().trim().min(1),
  /** Year of the version the guide was checked against. */
  year: z.int().min(1990).max(2100),
  /** Where to read it; a secure URL of the publisher's own site. */
  url: z.url({ protocol: /^https$/ }).optional(),
});

/** One section of a marker's guide: the same statement in every described locale, and the sources it rests on. */
const GuideSectionSchema = z.strictObject({
  ...(Object.fromEntries(DESCRIBED_LOCALES.map((locale) => [locale, z.string().trim().min(20).max(900)])) as Record<
    Locale,
    z.ZodString
  >),
  /** Ids in `sources.yaml`; at least one. */
  sources: z.array(KeySchema).min(1).max(4),
});

/**
 * What a marker's page teaches a layperson beyond its description, in plain words and without advice or thresholds.
 * The site shows it; the catalog API does not serve it.
 */
const MarkerGuideSchema = z.strictObject({
  /** Why the test is done: what a doctor looks for with it. */
  why: GuideSectionSchema,
  /** What a result above the lab's range can mean in general. */
  higher: GuideSectionSchema,
  /** What a result below the lab's range can mean in general, or that a low value is rarely of concern. */
  lower: GuideSectionSchema,
  /** What can move a result besides the condition looked for (medicines, exercise, pregnancy, the sample itself). */
  affects: GuideSectionSchema.optional(),
  /** How to prepare, where anything applies (fasting, time of day, supplements to pause after asking the doctor). */
  preparation: GuideSectionSchema.optional(),
  /** Markers a doctor reads together with this one, by key, most closely related first. */
  related: z.array(KeySchema).min(1).max(6),
});

/** The sections of a guide, in page order. */
export const GUIDE_SECTIONS = ['why', 'higher', 'lower', 'affects', 'preparation'] as const;

/** One category in `content/catalog/categories.yaml`. */
export const CategorySourceSchema = z.strictObject({
  /** Permanent category key; also the icon's file name (`public/images/categories/<type>.svg`). */
  type: KeySchema,
  /** Public identifier, recorded once and never changed. */
  uuid: z.uuid(),
  translations: TranslationsSourceSchema,
});

/** One marker in `content/catalog/markers/<category type>.yaml`. */
const MarkerSourceSchema = z
  .strictObject({
    /** Permanent marker key, e.g. `ldl-cholesterol`. */
    key: KeySchema,
    /** Public identifier, recorded once and never changed, whatever happens to the text. */
    uuid: z.uuid(),
    /** Internal numeric identifier, unique across the catalog. */
    id: z.int().positive(),
    /** Unit as EU labs report it (SI); omitted for unitless markers such as ratios. */
    unit: z.string().trim().min(1).optional(),
    /** Unit as UK labs report it, only where it differs from `unit`. */
    unitUk: z.string().trim().min(1).optional(),
    /** Specimen or derivation: how the value is obtained. */
    specimen: z.enum(['serum', 'plasma', 'whole-blood', 'calculated']),
    /** Calculated by us from other markers (eGFR, non-HDL, ratios); not indices the analyser reports (MCH, MCHC). */
    computedInternally: z.boolean().optional(),
    /** Inputs of a computed value by key; an inner list is a choice of alternatives. Required exactly when computed. */
    derivedFrom: z
      .array(z.union([KeySchema, z.array(KeySchema).min(2)]))
      .min(1)
      .optional(),
    // `premium` is not written here: build-panels derives it per region from `panels`.
    /** Panels carrying this marker. */
    panels: z.array(z.enum(Object.keys(PANEL_KEYS) as [keyof typeof PANEL_KEYS])).min(1),
    translations: TranslationsSourceSchema,
    /** What the marker's page teaches besides its description; see `MarkerGuideSchema`. */
    guide: MarkerGuideSchema,
  })
  .refine((marker) => (marker.derivedFrom !== undefined) === (marker.computedInternally === true), {
    message: 'derivedFrom is required exactly on markers with computedInternally: true',
    path: ['derivedFrom'],
  });

/** A data file of markers: all in the category named by the file. */
export const MarkerFileSchema = z.array(MarkerSourceSchema).min(1);

/** A category as written in the data. */
export type CategorySource = z.infer<typeof CategorySourceSchema>;
/** A source of the guides as written in the data. */
export type GuideSource = z.infer<typeof GuideSourceSchema>;
/** A marker's guide as written in the data. */
export type MarkerGuideSource = z.infer<typeof MarkerGuideSchema>;
/** A marker as written in the data. */
export type MarkerSource = z.infer<typeof MarkerSourceSchema>;
