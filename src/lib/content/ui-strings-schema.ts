import { z } from 'zod';
import { ChangelogUiStringsSchema } from '../changelog/changelog-schema.ts';

/** A short interface label: one line, no markup. */
const label = z.string().trim().min(1).max(120);

/** A sentence or two of interface text, no markup. */
const sentence = z.string().trim().min(1).max(400);

/** A label with a `{count}` placeholder, in each plural category the locales need (CLDR). */
const countLabel = z.strictObject({
  /** Singular, e.g. `{count} biomarker`. */
  one: label.includes('{count}'),
  /** Every other number, e.g. `{count} biomarkers`. */
  other: label.includes('{count}'),
});

/** The strings of the biomarker catalog page (`/biomarkers`), its HTML and its Markdown twin. */
const CatalogUiStringsSchema = z.strictObject({
  /** Heading of the overview of the four panels. */
  panelsHeading: label,
  /** Column headings of the panel overview: the panel and its `template` value. */
  panelColumn: label,
  templateColumn: label,
  /** Each panel's name, keyed by its `template` value. */
  panels: z.strictObject({
    'public-complete-eu': label,
    'public-light-eu': label,
    'public-v2-complete-uk': label,
    'public-v2-light-uk': label,
  }),
  /** Region labels in a marker's panel line. */
  regionEu: label,
  regionUk: label,
  /** Panel sizes in a marker's panel line, e.g. "EU: complete, light". */
  complete: label,
  light: label,
  /** A region none of whose panels carry the marker. */
  notIncluded: label,
  /** Label of a marker's unit, and the unit shown for a marker that has none. */
  unit: label,
  noUnit: label,
  /** The UK unit where it differs from the EU one; `{unit}` is replaced. */
  ukUnit: label.includes('{unit}'),
  /** Heading of the marker column in the Markdown tables. */
  markerColumn: label,
  /** Heading of the description column in the Markdown tables. */
  descriptionColumn: label,
  /** Badge of a marker with `computedInternally`, and what it means. */
  calculated: label,
  calculatedHint: sentence,
  /** Badge of a marker with `premium`, and what it means. */
  premium: label,
  premiumHint: sentence,
  /** Accessible name of the list of a marker's badges. */
  badges: label,
  /** Heading of the list of categories. */
  categoriesHeading: label,
  /** Number of markers in a category. */
  markerCount: countLabel,
  /** Name of the group of markers that have no category. */
  otherCategory: label,
  /**
   * Everyday words for markers that the biomarker browser's search finds them by too, by marker key
   * ("blood sugar" for fasting glucose) or by category type for every marker of the category
   * ("blood fats" for the lipids); a key the catalog does not have is ignored.
   */
  searchTerms: z.record(z.string().regex(/^[a-z0-9-]+$/), z.array(label).min(1)),
  /** Title and text of the error state shown while the catalog cannot be fetched. */
  unavailableTitle: label,
  unavailableText: sentence,
  /** The biomarker browser: its search form, status line and the uuid's copy button. */
  browser: z.strictObject({
    /** Heading and accessible name of the search form. */
    heading: label,
    /** What the form does, the filters as shareable addresses, and what an unknown value does. */
    help: sentence,
    /** Label of the search field, and its hint. */
    searchLabel: label,
    searchHint: sentence,
    /** Labels of the filters and of their "any" choice. */
    region: label,
    anyRegion: label,
    panel: label,
    anyPanel: label,
    category: label,
    anyCategory: label,
    anyValue: label,
    yes: label,
    no: label,
    /** The submit button (shown without JavaScript too) and the link back to every marker. */
    apply: label,
    clear: label,
    /** The live status line; `{shown}` and `{total}` are replaced. */
    status: label.includes('{shown}').includes('{total}'),
    /** Heading of the notice naming ignored values, and its lead. */
    ignoredTitle: label,
    ignoredText: sentence,
    /** What an empty result says. */
    empty: sentence,
    /** Column of the panel overview with the number of shown markers out of all ("12 / 88"). */
    shownColumn: label,
    /** Label of a marker's uuid, its copy button, and what the live region says after copying. */
    uuid: label,
    copy: label,
    copied: label,
  }),
});

/** The strings of a biomarker's own page (`/biomarkers/<key>`), its HTML and its Markdown twin. */
const MarkerPageUiStringsSchema = z.strictObject({
  /** Heading of the facts list, and its labels. */
  factsHeading: label,
  category: label,
  calculated: label,
  /** The calculated line of a calculated marker, before its inputs ("yes, from"). */
  calculatedFrom: label,
  /** The calculated line of a measured marker. */
  measured: label,
  /** The permanent identifiers; `noKey` where the origin gives no key. */
  uuid: label,
  key: label,
  noKey: label,
  /** The uuid's copy button, and what the status beside it says after copying. */
  copy: label,
  copied: label,
  /** Heading of the table of units and panels per region, and its columns. */
  regionsHeading: label,
  regionColumn: label,
  panelsColumn: label,
  premiumColumn: label,
  /** What premium means, under the table. */
  premiumHint: sentence,
  /** Yes and no in the premium column. */
  yes: label,
  no: label,
  /** Heading of the description where the catalog has it only in another language. */
  aboutHeading: label,
  /**
   * In `llms-full.txt`, in place of the API samples on every marker page after the first: that
   * request, with this marker's `{template}` and `{uuid}`; `{first}` links the first page's.
   */
  apiAsAbove: label.includes('{first}').includes('{template}').includes('{uuid}'),
  /** In `llms-full.txt`, in place of the units and panels, which the marker's row in the list above has: `{row}` links it. */
  regionsAsListed: label.includes('{row}'),
  /** Heading of the names in every language, and the table's columns. */
  namesHeading: label,
  languageColumn: label,
  nameColumn: label,
  /** Heading and lead of the API sample. */
  apiHeading: label,
  apiLead: sentence,
  /** Link back to the list of every marker. */
  allMarkers: label,
});

/** The fixed labels of the API reference (`/developers/api` and its family pages); the document's own text stays English. */
const ApiReferenceUiStringsSchema = z.strictObject({
  /** Heading of the overview's list of every operation. */
  operationsHeading: label,
  /** The name of each family of operations in the overview's list (api-families.ts). */
  families: z.strictObject({ catalog: label, token: label, discovery: label, openapi: label, health: label }),
  /** Label of an operation's security line. */
  security: label,
  /** An operation anyone may call without a token. */
  anonymous: label,
  /** An operation that takes an OAuth 2.0 access token; `{scopes}` is replaced. */
  oauth: label.includes('{scopes}'),
  /** Joins the alternatives of the security line ("anonymous or OAuth 2.0 …"). */
  or: label,
  /** Caption of the parameter table, and its columns. */
  parameters: label,
  nameColumn: label,
  typeColumn: label,
  requiredColumn: label,
  descriptionColumn: label,
  /** Yes and no in the "required" columns. */
  yes: label,
  no: label,
  /** Prefixes of a parameter's or property's allowed values and default. */
  values: label,
  default: label,
  /** Caption of the request body table. */
  requestBody: label,
  /** Caption of the response table, and its headers column. */
  responses: label,
  headersColumn: label,
  /** A response without a body. */
  noBody: label,
  /** A parameter or property that must be sent or is always there. */
  required: label,
  /** A parameter or property that may be left out. */
  optional: label,
  /** Label of a response's media types and schema. */
  body: label,
  /** Heading of an operation's request sample. */
  requestExample: label,
  /** Title of one example of the document. */
  example: label,
  /** Before a link to where a shared response's example was shown first. */
  exampleAsFor: label,
  /** Before a link to the operation that describes this one's parameters and responses (HEAD by GET). */
  responsesAsFor: label,
  /** Heading and lead of the schema section; caption of a schema's property table. */
  schemasHeading: label,
  schemasLead: sentence,
  properties: label,
  /** Heading and lead of the overview's shared response headers. */
  headersHeading: label,
  headersLead: sentence,
  /** Before the names of the headers every response carries, in the headers section. */
  everyResponseLead: label,
  /** A response's headers: in place of those every response carries, linking their section. */
  everyResponseHeaders: label,
});

/** A sentence with a `{seconds}` placeholder, in each plural category the locales need (CLDR). */
const secondsSentence = z.strictObject({
  /** One second, e.g. `Try again in {seconds} second.` */
  one: sentence.includes('{seconds}'),
  /** Every other number of seconds. */
  other: sentence.includes('{seconds}'),
});

/** The strings of the browser error pages (404 and 429), prepared per locale by the build. */
const ErrorPagesUiStringsSchema = z.strictObject({
  /** The 404 (RFC 9110 §15.5.5): title, and the sentence naming the path; `{path}` is replaced. */
  notFoundTitle: label,
  notFoundText: sentence.includes('{path}'),
  /** Heading of the list of places to go instead, and its links. */
  linksHeading: label,
  home: label,
  guide: label,
  apiReference: label,
  biomarkers: label,
  sitemap: label,
  /** Why there is no search box: the site has no search yet, so the links stand in for it. */
  noSearch: sentence,
  /** The 429 (RFC 6585 §4): title, what happened, when to retry, and the link to the page asked for. */
  rateLimitedTitle: label,
  rateLimitedText: sentence,
  retryAfter: secondsSentence,
  /** Said, with script, under the countdown: the page opens again when the time is up. */
  autoRetry: sentence,
  tryAgain: label,
});

/** The interface strings of one locale, from `content/i18n/<lang>.yaml`. */
export const UiStringsSchema = z.strictObject({
  /** Site name in the header and after each page title in `<title>`. */
  siteName: label,
  /** The sidebar's link to a group's own page (the API reference's overview, before its families). */
  overview: label,
  /** Link to the page's Markdown twin. */
  markdownVersion: label,
  /** In `llms-full.txt`, in place of a code block an earlier page has: `{page}` links that page. */
  sameBlockAsAbove: label.includes('{page}'),
  /** Date line above the footer; `{date}` is replaced by the page's last update. */
  lastUpdated: label.includes('{date}'),
  /** Footer. */
  footer: z.strictObject({
    /** The educational-content disclaimer shown on every page. */
    disclaimer: z.string().trim().min(1).max(400),
    /** Accessible name of the footer's link list for machines. */
    machineReadable: label,
    /** Link text for the OpenAPI document. */
    openApi: label,
    /** Link text for the sitemap. */
    sitemap: label,
  }),
  /** The biomarker catalog page. */
  catalog: CatalogUiStringsSchema,
  /** A biomarker's own page. */
  marker: MarkerPageUiStringsSchema,
  /** The API reference page. */
  apiReference: ApiReferenceUiStringsSchema,
  /** The browser error pages. */
  errors: ErrorPagesUiStringsSchema,
  /** The changelog page. */
  changelog: ChangelogUiStringsSchema,
});

/** The interface strings of one locale. */
export type UiStrings = z.infer<typeof UiStringsSchema>;

/** The interface strings of the catalog page. */
export type CatalogUiStrings = z.infer<typeof CatalogUiStringsSchema>;

/** The interface strings of a biomarker's own page. */
export type MarkerPageUiStrings = z.infer<typeof MarkerPageUiStringsSchema>;

/** The interface strings of the API reference page. */
export type ApiReferenceUiStrings = z.infer<typeof ApiReferenceUiStringsSchema>;

/** The interface strings of the browser error pages. */
export type ErrorPagesUiStrings = z.infer<typeof ErrorPagesUiStringsSchema>;
