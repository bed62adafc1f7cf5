import { SAMPLE_LANGUAGES, SHARED_OUTPUT_FILE, type SampleLanguageId } from './sample-languages.ts';

/**
 * Every file under `content/samples/`, bundled as text at build time, keyed by its path
 * below that folder (`catalog-poll-etag/python.py`).
 */
const FILES: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('../../../content/samples/*/*', { query: '?raw', import: 'default', eager: true }),
  ).map(([path, text]) => [path.replace(/^.*\/content\/samples\//, ''), text]),
);

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

/** The ids of every sample in `content/samples/`. */
export const listSampleIds = (): string[] =>
  [...new Set(Object.keys(FILES).map((path) => path.split('/', 1)[0]!))].sort();

/**
 * Replaces each `{NAME}` the values name (e.g. `{BASE_URL}`, `{MARKER_UUID}`); a placeholder
 * left unfilled would make a sample that cannot run, so it throws.
 */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  const filled = text.replace(/\{([A-Z][A-Z_]*)\}/g, (whole, name: string) => values[name] ?? whole);
  const left = /\{[A-Z][A-Z_]*\}/.exec(filled);
  if (left !== null) throw new Error(`sample placeholder ${left[0]} has no value`);
  return filled;
}

/** A sample's four languages with `values` filled in; throws when a file is missing. */
export function loadSample(id: string, values: Readonly<Record<string, string>>): Sample {
  const read = (file: string) => FILES[`${id}/${file}`];
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
