/**
 * The languages every request sample comes in, in tab order. Each is one file in
 * `content/samples/<id>/`; `output` names the file with the answer it prints when it differs
 * from the sample's shared `output.txt`.
 */
export const SAMPLE_LANGUAGES = [
  { id: 'curl', label: 'curl', file: 'curl.sh', output: 'curl.out', fence: 'sh' },
  { id: 'javascript', label: 'JavaScript', file: 'fetch.mjs', output: 'fetch.out', fence: 'js' },
  { id: 'python', label: 'Python', file: 'python.py', output: 'python.out', fence: 'python' },
  { id: 'typescript', label: 'TypeScript', file: 'typed-client.ts', output: 'typed-client.out', fence: 'ts' },
] as const;

/** One of the sample languages, e.g. `python`. */
export type SampleLanguageId = (typeof SAMPLE_LANGUAGES)[number]['id'];

/** The name of the shared output excerpt of a sample's languages. */
export const SHARED_OUTPUT_FILE = 'output.txt';

/** The storage key under which the reader's chosen language is remembered across pages. */
export const SAMPLE_SYNC_KEY = 'sample-language';
