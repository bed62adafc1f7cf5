import { parse } from 'yaml';
import { z } from 'zod';
import { CHANGE_KINDS } from '../content/changelog-feeds.ts';
import { LOCALES, type Locale } from '../content/locales.ts';
import { missingTranslation } from '../content/translations.ts';

/** One entry's text in one language; code is marked with backticks. */
const ChangelogTextSchema = z.strictObject({
  /** The entry's heading and the feed entry's title: what changed, in a few words. */
  title: z.string().trim().min(5).max(100),
  /** What changed, in a sentence or a few. */
  change: z.string().trim().min(20).max(800),
  /** What a client should do about it ("Nothing." where nothing is needed). */
  action: z.string().trim().min(5).max(400),
});

/**
 * An instant of the project's history as RFC 3339 writes it, in UTC to the second (`2026-12-02T03:01:25Z`): what an
 * Atom date is (RFC 4287 §3.3) and, to the second, what `Last-Modified` can say. In one form, text order is time
 * order.
 */
const InstantSchema = z.iso.datetime({ precision: 0 });

/** What an entry holds besides its text. */
const ChangelogFactsSchema = z.strictObject({
  /** The entry's anchor on the page and the fragment of its feed id: kebab-case, never changed once published. */
  id: z
    .string()
    .max(60)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'kebab-case: lower-case letters, digits and single hyphens'),
  /**
   * When the change reached the service: the committer time of the commit on main that landed it (a branch's merge
   * commit). The page shows its day; the feeds give it as the entry's `published`.
   */
  date: InstantSchema,
  /** When the entry's text was last corrected, where that came after `date`: the feed entry's `updated`. */
  updated: InstantSchema.optional(),
  /** What the change touches (`CHANGE_KINDS`), and so which kind's feeds list it; a marker's meaning is `catalog`. */
  kind: z.enum(CHANGE_KINDS),
});

/** One entry's text in one language. */
type ChangelogText = z.infer<typeof ChangelogTextSchema>;

/**
 * One change a client may notice, as `content/changelog.yaml` lists it: its facts and, under each language's code
 * (`en:`, `de:`), its text in that language, for every language of `locales`.
 */
const changelogEntrySchema = (locales: readonly string[]) =>
  ChangelogFactsSchema.extend(
    // Typed by the site's languages; a list with another language (a test's) is checked all the same.
    Object.fromEntries(locales.map((locale) => [locale, ChangelogTextSchema])) as Record<
      Locale,
      typeof ChangelogTextSchema
    >,
  );

/** The whole changelog: at least one entry, each id once, none corrected before it was published. */
const changelogSchema = (locales: readonly string[]) =>
  z
    .array(changelogEntrySchema(locales))
    .min(1)
    .superRefine((entries, context) => {
      const seen = new Set<string>();
      entries.forEach((entry, index) => {
        if (seen.has(entry.id)) context.addIssue({ code: 'custom', path: [index, 'id'], message: `${entry.id} twice` });
        seen.add(entry.id);
        if (entry.updated !== undefined && entry.updated < entry.date) {
          context.addIssue({
            code: 'custom',
            path: [index, 'updated'],
            message: `${entry.id} updated before its date`,
          });
        }
      });
    });

/** One validated changelog entry, with its text in every language of the site. */
export type ChangelogEntry = z.infer<typeof ChangelogFactsSchema> & Record<Locale, ChangelogText>;

/** When an entry last changed: its correction, or else its publication (RFC 4287 `atom:updated`). */
export const entryUpdated = (entry: ChangelogEntry): string => entry.updated ?? entry.date;

/** The UTC day of an entry's `date` (YYYY-MM-DD), as the page and its twin write it. */
export const entryDay = (entry: ChangelogEntry): string => entry.date.slice(0, 10);

/**
 * The entries of a changelog file's YAML, newest first (entries of one instant keep the file's order); a bad entry
 * throws with the file, the entry and what is wrong, and an entry without its text in a language of `locales` throws
 * naming the language, the file and the entry, which fails the build.
 */
export function parseChangelog(
  yaml: string,
  file = 'content/changelog.yaml',
  locales: readonly string[] = LOCALES,
): ChangelogEntry[] {
  let data: unknown;
  try {
    data = parse(yaml);
  } catch (error) {
    throw new Error(`${file} is not valid YAML: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (Array.isArray(data)) {
    for (const entry of data as Array<Record<string, unknown>>) {
      const untranslated = locales.find((locale) => typeof entry === 'object' && entry !== null && !(locale in entry));
      if (untranslated !== undefined)
        throw missingTranslation(untranslated, file, `${String(entry['id'])}.${untranslated}`);
    }
  }
  const result = changelogSchema(locales).safeParse(data);
  if (!result.success) throw new Error(`${file} is invalid:\n${z.prettifyError(result.error)}`);
  return result.data.toSorted((a, b) => b.date.localeCompare(a.date));
}
