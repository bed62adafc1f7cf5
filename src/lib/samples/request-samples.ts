import type { RootContent } from 'mdast';
import { LOCALES, type Locale } from '../content/locales.ts';
import { filesBelow } from '../content/translations.ts';
import { pagePart, twinOnly } from '../markdown/page-outline.ts';
import { parseSampleLabels, parseSampleTranslations, type SampleLabels } from './sample-translations.ts';

/**
 * The languages every request sample comes in, in tab order. Each is one file in
 * `content/samples/<id>/`; `output` names the file with the answer it prints when it differs
 * from the sample's shared `output.txt`.
 * @internal
 */
export const SAMPLE_LANGUAGES = [
  { id: 'curl', label: 'curl', file: 'curl.sh', output: 'curl.out', fence: 'sh' },
  { id: 'javascript', label: 'JavaScript', file: 'fetch.mjs', output: 'fetch.out', fence: 'js' },
  { id: 'python', label: 'Python', file: 'python.py', output: 'python.out', fence: 'python' },
  { id: 'typescript', label: 'TypeScript', file: 'typed-client.ts', output: 'typed-client.out', fence: 'ts' },
] as const;

/** One of the sample languages, e.g. `python`. */
type SampleLanguageId = (typeof SAMPLE_LANGUAGES)[number]['id'];

/** The name of the shared output excerpt of a sample's languages. */
const SHARED_OUTPUT_FILE = 'output.txt';

/** The storage key under which the reader's chosen language is remembered across pages. */
export const SAMPLE_SYNC_KEY = 'sample-language';

/**
 * Every file under `content/samples/`, bundled as text at build time, keyed by its path
 * below that folder (`catalog-poll-etag/python.py`).
 */
const FILES = filesBelow(
  'samples',
  import.meta.glob<string>('@site-content/samples/*/*', { query: '?raw', import: 'default', eager: true }),
);

/** The files beside the samples' folders: each language's shared passages (`de.yaml`) and `labels.yaml`. */
const SHARED = filesBelow(
  'samples',
  import.meta.glob<string>('@site-content/samples/*.yaml', { query: '?raw', import: 'default', eager: true }),
);

/**
 * The passages of each sample in each language (`content/samples/<code>.yaml` and `<id>/<code>.yaml`); fails the
 * build on a language without them, an untranslated comment and drift.
 */
const translationOf = parseSampleTranslations(FILES, SHARED, LOCALES);

/** One language of a sample: its code and the excerpt of what it prints, placeholders filled. */
interface SampleVariant {
  language: SampleLanguageId;
  label: string;
  /** The Markdown info string of its fence, e.g. `python`. */
  fence: string;
  code: string;
  /** An excerpt of its real output; `…` stands for what is left out. */
  output: string;
}

/** A request sample in every language. */
export interface Sample {
  id: string;
  variants: SampleVariant[];
}

/**
 * Replaces each `{NAME}` the values name (e.g. `{BASE_URL}`, `{MARKER_UUID}`); a placeholder
 * left unfilled would make a sample that cannot run, so it throws.
 * @internal
 */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  const filled = text.replace(/\{([A-Z][A-Z_]*)\}/g, (whole, name: string) => values[name] ?? whole);
  const left = /\{[A-Z][A-Z_]*\}/.exec(filled);
  if (left !== null) throw new Error(`sample placeholder ${left[0]} has no value`);
  return filled;
}

/**
 * A sample's four languages as a page in `locale` shows them (its comments and what it prints
 * itself translated), with `values` filled in; throws when a file is missing.
 */
export function loadSample(id: string, values: Readonly<Record<string, string>>, locale: Locale): Sample {
  const translation = translationOf(id, locale);
  const read = (file: string) => {
    const text = FILES[`${id}/${file}`];
    return text === undefined ? undefined : translation.apply(text);
  };
  const variants = SAMPLE_LANGUAGES.map((language) => {
    const code = read(language.file);
    const output = read(language.output) ?? read(SHARED_OUTPUT_FILE);
    if (code === undefined || output === undefined) {
      throw new Error(`content/samples/${id}/ needs ${language.file} and ${language.output} or ${SHARED_OUTPUT_FILE}`);
    }
    return {
      language: language.id,
      label: language.label,
      fence: language.fence,
      code: fillPlaceholders(code, values).trimEnd(),
      output: fillPlaceholders(output, values).trimEnd(),
    };
  });
  return { id, variants };
}

const LABELS = parseSampleLabels(SHARED['labels.yaml'] ?? '', LOCALES);

/** The sample strings of a locale (`content/samples/labels.yaml`). */
export const sampleLabels = (locale: Locale): SampleLabels => LABELS.get(locale)!;

/**
 * A sample in a Markdown twin: per language a short heading, the code fenced with the
 * language as its info string, and the excerpt of its output in a `text` fence.
 */
export function sampleMarkdown(sample: Sample, labels: SampleLabels, depth: 3 | 4 | 5): RootContent[] {
  return sample.variants.flatMap((variant): RootContent[] => [
    { type: 'heading', depth, children: [{ type: 'text', value: variant.label }] },
    { type: 'code', lang: variant.fence, value: variant.code },
    { type: 'paragraph', children: [{ type: 'emphasis', children: [{ type: 'text', value: labels.outputHeading }] }] },
    { type: 'code', lang: 'text', value: variant.output },
  ]);
}

/**
 * A request sample in a data page's outline: its tabs on the page (the markup the build highlighted, `prepared`, when
 * there is one) and its fenced code in the twin, with per-language headings at `depth`.
 */
export const sampleOutline = (sample: Sample, locale: Locale, depth: 3 | 4 | 5, prepared?: string): RootContent[] => [
  pagePart('RequestSample', { sample, locale, headingLevel: depth, prepared }),
  twinOnly(sampleMarkdown(sample, sampleLabels(locale), depth)),
];

/** Reads a sample's heading level from its MDX attribute: `3` unless it names 4 or 5. */
export function sampleHeadingLevel(attribute: string | undefined): 3 | 4 | 5 {
  if (attribute === undefined) return 3;
  if (attribute === '3' || attribute === '4' || attribute === '5') return Number(attribute) as 3 | 4 | 5;
  throw new Error(`<Sample headingLevel="${attribute}">: use 3, 4 or 5`);
}
