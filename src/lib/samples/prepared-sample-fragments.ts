import { LOCALES, type Locale } from '../content/locales.ts';
import { BASE_URL_PLACEHOLDER } from '../config/config.ts';
import { escapeHtml } from '../http/html-escape.ts';

/**
 * A sample whose values come from data (a marker's page: its panel, uuid, name and unit) is
 * highlighted once, by `npm run build`, with these stand-ins for the values; a page rendered
 * at run time fills the real ones into that markup. Expressive Code's highlighter (Shiki and
 * its grammars) then never loads in the server, where it would cost memory and time per page. Word characters only, so no grammar splits one across two tokens (each
 * sits inside a string literal or the plain-text output), and HTML escaping leaves it alone.
 */
export const FRAGMENT_VALUES: Readonly<Record<string, string>> = {
  BASE_URL: BASE_URL_PLACEHOLDER,
  TEMPLATE: 'PREPARED_SAMPLE_TEMPLATE',
  MARKER_UUID: 'PREPARED_SAMPLE_MARKER_UUID',
  MARKER_NAME: 'PREPARED_SAMPLE_MARKER_NAME',
  LOCALE: 'PREPARED_SAMPLE_LOCALE',
  MARKER_UNIT: 'PREPARED_SAMPLE_MARKER_UNIT',
};

/** The sample of a marker's page: the first panel that carries it, narrowed to it by uuid. */
export const MARKER_SAMPLE_ID = 'marker-fetch';

/**
 * The samples prepared this way. This module loads no sample file (`request-samples.ts` needs
 * Vite's `import.meta.glob`): the build script and the server import it as plain Node.
 */
export const FRAGMENT_SAMPLE_IDS = [MARKER_SAMPLE_ID] as const;

/** The element the build's render wraps a fragment in, to cut it out of the page around it. */
const FRAGMENT_ELEMENT = 'prepared-fragment';

/** How the keys of sample fragments begin in the build's prepared output. */
export const SAMPLE_FRAGMENT_KEY_PREFIX = 'sample-fragment ';

/**
 * The path the build renders a fragment at (src/pages/prepared-samples/); no client reaches
 * it. The locale is a query parameter: Astro's i18n routing answers 404 for a path with the
 * default locale as a segment.
 */
const sampleFragmentRenderPath = (locale: Locale, id: string): string => `/prepared-samples/${id}?locale=${locale}`;

/** The key of a fragment in the build's prepared output: `sample-fragment de marker-fetch`. */
const sampleFragmentKey = (locale: Locale, id: string): string => `${SAMPLE_FRAGMENT_KEY_PREFIX}${locale} ${id}`;

/** Every fragment the build prepares. */
export const SAMPLE_FRAGMENTS = LOCALES.flatMap((locale) =>
  FRAGMENT_SAMPLE_IDS.map((id) => ({
    locale,
    id,
    key: sampleFragmentKey(locale, id),
    renderPath: sampleFragmentRenderPath(locale, id),
  })),
);

/**
 * The fragment inside a rendered page: what lies between `<prepared-fragment>` and its end
 * tag, after the module scripts Astro put in the page's head for it (the tabs' script: a page
 * that only embeds the fragment does not render the component that brings it). Throws when a
 * stand-in value is not in it verbatim, which would leave a page showing a stand-in instead
 * of the marker's value.
 */
export function cutFragment(html: string, what: string): string {
  const start = html.indexOf(`<${FRAGMENT_ELEMENT}>`);
  const end = html.lastIndexOf(`</${FRAGMENT_ELEMENT}>`);
  if (start < 0 || end < start) throw new Error(`${what}: no <${FRAGMENT_ELEMENT}> in the render`);
  const scripts = html.slice(0, start).match(/<script type="module" src="[^"]*"><\/script>/g) ?? [];
  const fragment = scripts.join('') + html.slice(start + FRAGMENT_ELEMENT.length + 2, end);
  for (const [name, value] of Object.entries(FRAGMENT_VALUES)) {
    if (name !== 'BASE_URL' && !fragment.includes(value)) {
      throw new Error(`${what}: the stand-in for {${name}} was split or lost by the highlighter`);
    }
  }
  return fragment;
}

/** A prepared fragment with `values` (every placeholder but `BASE_URL`, already filled) put in, escaped. */
export function fillFragment(fragment: string, values: Readonly<Record<string, string>>): string {
  let html = fragment;
  for (const [name, standIn] of Object.entries(FRAGMENT_VALUES)) {
    if (name === 'BASE_URL') continue;
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in a prepared sample`);
    // Escaped for HTML text and for a quoted attribute value (the copy button's `data-code`).
    html = html.replaceAll(standIn, escapeHtml(value));
  }
  return html;
}

/**
 * The build's highlighted samples by their key in its prepared output, each with this deployment's `BASE_URL`: the site
 * fills it at start-up (`src/server/store/prepared-renders.ts`) and hands it to every Astro render as `locals`; empty
 * without a build's output (e.g. `npm run dev`), where a page highlights its sample itself.
 */
export type SampleFragments = ReadonlyMap<string, string>;

/** The prepared fragment of sample `id` in `locale`; undefined when the build prepared none. */
export const sampleFragment = (fragments: SampleFragments, locale: Locale, id: string): string | undefined =>
  fragments.get(sampleFragmentKey(locale, id));
