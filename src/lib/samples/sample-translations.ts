import { parse } from 'yaml';
import { z } from 'zod';
import type { Locale } from '../content/locales.ts';

/**
 * One passage of a sample in German, as it stands in the sample's files and what replaces it
 * there: a comment (or a line of one), a string the sample prints itself, or the locale it
 * picks names in (and so those names in its output). What the API sends (JSON, headers,
 * status lines) stays as it is.
 */
const PassageSchema = z.strictObject({
  /** The English passage, verbatim (placeholders such as `{BASE_URL}` included). */
  en: z.string().min(1),
  /** What a German page shows instead, in the guide's register ("Sie") and terms; one line for one line. */
  de: z.string().min(1),
});

/** A file of translated passages: `content/samples/<id>/de.yaml`, or the shared `content/samples/de.yaml`. */
const PassagesSchema = z.array(PassageSchema);

/** The passages of one file, each checked to occur in `sources` (the English files it translates). */
const passagesIn = (sources: readonly string[]) =>
  PassagesSchema.superRefine((passages, context) => {
    const seen = new Set<string>();
    passages.forEach((passage, index) => {
      if (!sources.some((source) => source.includes(passage.en))) {
        // No silent drift: a sample changed in English needs its translation changed with it.
        context.addIssue({ code: 'custom', path: [index, 'en'], message: `no longer in the sample: ${passage.en}` });
      }
      if (passage.en === passage.de) {
        context.addIssue({ code: 'custom', path: [index, 'de'], message: `not translated: ${passage.en}` });
      }
      if (passage.en.includes('\n') !== passage.de.includes('\n')) {
        context.addIssue({ code: 'custom', path: [index, 'de'], message: 'one line for one line' });
      }
      if (seen.has(passage.en)) context.addIssue({ code: 'custom', path: [index, 'en'], message: 'twice' });
      seen.add(passage.en);
    });
  });

/** A replacement of English passages: longest first, in one pass, so no translation is translated again. */
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

/**
 * The German of every sample, from the YAML files among `files` (paths below
 * `content/samples/`, as `request-samples.ts` bundles them): a sample's own `<id>/de.yaml`
 * and `shared`, the passages several samples have in common (`content/samples/de.yaml`).
 * Throws, and so fails the build, when a passage no longer occurs in the sample it translates
 * (a shared one: in any sample) or a sample's own passage contradicts a shared one. A sample
 * with nothing to translate needs no file.
 */
export function parseSampleTranslations(
  files: Readonly<Record<string, string>>,
  shared: string,
): (id: string, locale: Locale) => Translation {
  const sourcesOf = (id: string) =>
    Object.entries(files)
      .filter(([path]) => path.startsWith(`${id}/`) && !path.endsWith('.yaml'))
      .map(([, text]) => text);
  const ids = [...new Set(Object.keys(files).map((path) => path.split('/', 1)[0]!))];
  const read = (yaml: string | undefined, sources: readonly string[], where: string) => {
    if (yaml === undefined) return [];
    const result = passagesIn(sources).safeParse(parse(yaml) ?? []);
    if (!result.success) throw new Error(`${where}: ${z.prettifyError(result.error)}`);
    return result.data;
  };
  const common = read(
    shared,
    ids.flatMap((id) => sourcesOf(id)),
    'content/samples/de.yaml',
  );
  const german = new Map<string, Translation>();
  for (const id of ids) {
    const where = `content/samples/${id}/de.yaml`;
    const passages = new Map(common.map((passage) => [passage.en, passage.de]));
    for (const passage of read(files[`${id}/de.yaml`], sourcesOf(id), where)) {
      if (passages.has(passage.en) && passages.get(passage.en) !== passage.de) {
        throw new Error(`${where}: "${passage.en}" is translated differently in content/samples/de.yaml`);
      }
      passages.set(passage.en, passage.de);
    }
    german.set(id, translationOf(passages));
  }
  const none = translationOf(new Map());
  return (id, locale) => (locale === 'de' ? german.get(id) : undefined) ?? none;
}
