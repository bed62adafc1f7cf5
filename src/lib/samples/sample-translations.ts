import { parse } from 'yaml';
import { z } from 'zod';
import { fileOfEachLocale, missingTranslation } from '../content/translations.ts';

/**
 * One passage of a sample in a language, as it stands in the sample's files (in the default language, the first of
 * the list) and what replaces it there: a comment (or a line of one), a string the sample prints itself, or the
 * locale it picks names in (and so those names in its output). What the API sends (JSON, headers, status lines) stays
 * as it is. Keyed by the two languages' codes (`en:` and `de:`), one line for one line.
 */
const passageSchema = (source: string, locale: string) =>
  z.strictObject({ [source]: z.string().min(1), [locale]: z.string().min(1) }).transform((passage) => ({
    from: passage[source]!,
    to: passage[locale]!,
  }));

/** The passages of one file, each checked to occur in `sources` (the default language's files it translates). */
const passagesIn = (sources: readonly string[], source: string, locale: string) =>
  z.array(passageSchema(source, locale)).superRefine((passages, context) => {
    const seen = new Set<string>();
    passages.forEach((passage, index) => {
      if (!sources.some((text) => text.includes(passage.from))) {
        // No silent drift: a sample changed in the default language needs its translation changed with it.
        context.addIssue({
          code: 'custom',
          path: [index, source],
          message: `no longer in the sample: ${passage.from}`,
        });
      }
      if (passage.from === passage.to) {
        context.addIssue({ code: 'custom', path: [index, locale], message: `not translated: ${passage.from}` });
      }
      if (passage.from.includes('\n') !== passage.to.includes('\n')) {
        context.addIssue({ code: 'custom', path: [index, locale], message: 'one line for one line' });
      }
      if (seen.has(passage.from)) context.addIssue({ code: 'custom', path: [index, source], message: 'twice' });
      seen.add(passage.from);
    });
  });

/** A replacement of the default language's passages: longest first, in one pass, so no translation is translated again. */
interface Translation {
  apply(text: string): string;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function translationOf(passages: ReadonlyMap<string, string>): Translation {
  if (passages.size === 0) return { apply: (text) => text };
  const keys = [...passages.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(keys.map(escapeRegExp).join('|'), 'g');
  return { apply: (text) => text.replace(pattern, (english) => passages.get(english)!) };
}

/** How a line comment begins in a sample's program, by its file's extension (its output has none). */
const LINE_COMMENT: Readonly<Record<string, RegExp>> = {
  sh: /^#(?!!) ?\S/,
  py: /^#(?!!) ?\S/,
  mjs: /^\/\/ ?\S/,
  ts: /^\/\/ ?\S/,
};

/** The prose comment lines of a sample's program (not a `#!` line, nor code indented after the mark), which every language must translate. */
function commentLines(path: string, text: string): string[] {
  const comment = LINE_COMMENT[path.slice(path.lastIndexOf('.') + 1)];
  if (comment === undefined) return [];
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => comment.test(line) && /\p{L}/u.test(line));
}

/**
 * Every sample in every language of `locales` (the default first: the samples' own), from the files below
 * `content/samples/`: `files`, each sample's (`<id>/curl.sh`, and its own passages `<id>/<code>.yaml`), and `shared`,
 * the passages several samples have in common (`<code>.yaml`, one per language but the default). Throws, and so fails
 * the build, naming the language and the file, when a language has no shared file, when a comment line of a sample is
 * left untranslated in a language, when a passage no longer occurs in the sample it translates (a shared one: in any
 * sample), or when a sample's own passage contradicts a shared one. A sample with nothing else to translate needs no
 * file of its own.
 */
export function parseSampleTranslations(
  files: Readonly<Record<string, string>>,
  shared: Readonly<Record<string, string>>,
  locales: readonly string[],
): (id: string, locale: string) => Translation {
  const source = locales[0] ?? '';
  const sourcesOf = (id: string) =>
    Object.entries(files)
      .filter(([path]) => path.startsWith(`${id}/`) && !path.endsWith('.yaml'))
      .map(([, text]) => text);
  const ids = [...new Set(Object.keys(files).map((path) => path.split('/', 1)[0]!))];
  const read = (yaml: string | undefined, sources: readonly string[], locale: string, where: string) => {
    if (yaml === undefined) return [];
    const result = passagesIn(sources, source, locale).safeParse(parse(yaml) ?? []);
    if (!result.success) throw new Error(`${where}: ${z.prettifyError(result.error)}`);
    return result.data;
  };
  const translations = new Map<string, Translation>();
  for (const [locale, yaml] of fileOfEachLocale(shared, 'content/samples', locales)) {
    const sharedFile = `content/samples/${locale}.yaml`;
    const common = read(
      yaml,
      ids.flatMap((id) => sourcesOf(id)),
      locale,
      sharedFile,
    );
    for (const id of ids) {
      const where = `content/samples/${id}/${locale}.yaml`;
      const passages = new Map(common.map((passage) => [passage.from, passage.to]));
      for (const passage of read(files[`${id}/${locale}.yaml`], sourcesOf(id), locale, where)) {
        if (passages.has(passage.from) && passages.get(passage.from) !== passage.to) {
          throw new Error(`${where}: "${passage.from}" is translated differently in ${sharedFile}`);
        }
        passages.set(passage.from, passage.to);
      }
      const translation = translationOf(passages);
      const comments = Object.entries(files).flatMap(([path, text]) =>
        path.startsWith(`${id}/`) ? commentLines(path, text) : [],
      );
      for (const line of comments) {
        if (translation.apply(line) === line) throw missingTranslation(locale, where, line);
      }
      translations.set(`${locale} ${id}`, translation);
    }
  }
  const none = translationOf(new Map());
  return (id, locale) => translations.get(`${locale} ${id}`) ?? none;
}

/** The interface strings of the request samples in one locale. */
const SampleLabelsSchema = z.strictObject({
  /** Names the row of language tabs for screen readers. */
  tablistLabel: z.string().trim().min(1).max(80),
  /** Heads the excerpt of what a sample prints. */
  outputHeading: z.string().trim().min(1).max(80),
});

/** The sample strings of one locale. */
export type SampleLabels = z.infer<typeof SampleLabelsSchema>;

/**
 * The sample strings of each language of `locales` from `content/samples/labels.yaml` (keyed by code); throws, naming
 * the language and the key, for a language without them.
 */
export function parseSampleLabels(yaml: string, locales: readonly string[]): ReadonlyMap<string, SampleLabels> {
  const data = (parse(yaml) ?? {}) as Record<string, unknown>;
  return new Map(
    locales.map((locale) => {
      const result = SampleLabelsSchema.safeParse(data[locale]);
      if (result.success) return [locale, result.data];
      const key = data[locale] === undefined ? locale : `${locale}.${String(result.error.issues[0]?.path[0])}`;
      throw missingTranslation(locale, 'content/samples/labels.yaml', key);
    }),
  );
}
