import { z } from 'zod';

/** The four public panels, selected by the `template` query parameter. */
export const CATALOG_TEMPLATES = [
  'public-complete-eu',
  'public-light-eu',
  'public-v2-complete-uk',
  'public-v2-light-uk',
] as const;

/** One of the four catalog templates. */
export type CatalogTemplate = (typeof CATALOG_TEMPLATES)[number];

/** Template used when a request names none, on the site and on the catalog origin alike. */
export const DEFAULT_TEMPLATE: CatalogTemplate = 'public-complete-eu';

/** A localized name and optional description; no additional properties (docs/service.md, "The catalog"). */
const TranslationSchema = z
  .strictObject({
    /** Localized biomarker or category name. */
    name: z.string().min(1).meta({ description: 'Localized biomarker or category name.' }),
    /** BCP 47 language tag, e.g. `de` or `en-GB`. */
    locale: z
      .string()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)
      .meta({ description: 'BCP 47 locale tag.', examples: ['en', 'de'] }),
    /** Localized educational text; never advice. */
    description: z.string().min(1).optional().meta({ description: 'Localized presentation text.' }),
  })
  .meta({ id: 'Translation', description: 'A localized name and optional description.' });

/** The category a marker belongs to; additional properties allowed, so an origin may add members. */
const CategorySchema = z
  .looseObject({
    /** Stable public category identifier. */
    uuid: z.uuid().meta({ description: 'Stable public category identifier.' }),
    /** Category key used in the catalog UI, e.g. `lipids`. */
    type: z.string().min(1).optional().meta({ description: 'Category key used in the catalog UI.' }),
    /** Absolute URL of the category's icon. */
    imageUrl: z.url().optional().meta({ description: 'Absolute URL of the category icon (SVG).' }),
    /** The category's names. */
    translations: z.array(TranslationSchema),
  })
  .meta({ id: 'Category', description: 'Category of a biomarker.' });

/** One marker of a panel; additional properties allowed, so an origin may add members. */
const BiomarkerCatalogItemSchema = z
  .looseObject({
    /** Internal numeric identifier, present only when available. */
    id: z.int().optional().meta({ description: 'Internal numeric identifier, present only when available.' }),
    /** Stable public identifier; never changes when the text does. */
    uuid: z.uuid().meta({ description: 'Stable public biomarker identifier.' }),
    /** Display unit as the panel's labs report it, e.g. `mmol/L`. */
    unit: z.string().min(1).optional().meta({ description: 'Display unit, when applicable.' }),
    /** True when the value is calculated from other markers of the panel (eGFR, HOMA-IR…). */
    computedInternally: z
      .boolean()
      .optional()
      .meta({
        description:
          'True when the value is calculated from other markers of the same panel (eGFR, non-HDL cholesterol, ' +
          'ratios, HOMA-IR…) rather than measured directly. Red cell indices the analyser reports (MCH, MCHC) ' +
          'and LDL cholesterol are measured values here.',
      }),
    /** True when the marker is premium in the template served: on its region's complete panel only. */
    premium: z
      .boolean()
      .optional()
      .meta({
        description:
          "True when the marker is premium in the template served: it is on that region's complete panel " +
          "and not on that region's light panel. Never true on a light panel; absent means false. The same " +
          'marker can be premium in one region and not in the other.',
      }),
    /** Optional origin metadata; open object. */
    metadata: z.record(z.string(), z.unknown()).optional().meta({ description: 'Optional origin metadata.' }),
    /** The marker's category. */
    category: CategorySchema.optional(),
    /** The marker's names and descriptions. */
    translations: z.array(TranslationSchema),
  })
  .meta({ id: 'BiomarkerCatalogItem', description: 'One biomarker of a panel.' });

/** Response body of the catalog GET; additional properties allowed, so an origin may add members. */
export const BiomarkerCatalogSchema = z
  .looseObject({
    /** Always true. */
    success: z.literal(true),
    /** The markers of the selected panel. */
    data: z.array(BiomarkerCatalogItemSchema),
  })
  .meta({ id: 'BiomarkerCatalog', description: 'The markers of one panel.' });

/** A localized name and description. */
export type Translation = z.infer<typeof TranslationSchema>;
/** A marker's category. */
export type Category = z.infer<typeof CategorySchema>;
/** One marker. */
export type BiomarkerCatalogItem = z.infer<typeof BiomarkerCatalogItemSchema>;
/** A whole panel. */
export type BiomarkerCatalog = z.infer<typeof BiomarkerCatalogSchema>;

/** Path of the catalog on the site and on the catalog origin. */
export const CATALOG_PATH = '/v1/biomarkers/public';
