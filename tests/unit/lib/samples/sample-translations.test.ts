import { describe, expect, it } from 'vitest';
import { parseSampleTranslations } from '../../../../src/lib/samples/sample-translations.ts';

/** Two samples' files as `request-samples.ts` bundles them, the German of one of them beside it. */
const FILES = {
  'poll/curl.sh': "# Ask again later.\necho 'first: 200'\n",
  'poll/output.txt': 'first: 200\n',
  'poll/de.yaml': "- en: 'Ask again later.'\n  de: 'Fragen Sie später erneut an.'\n",
  'plain/curl.sh': "curl -sS '{BASE_URL}/healthz'\n",
  'plain/output.txt': '{"status":"ok"}\n',
};
const SHARED = { 'de.yaml': "- en: 'first: '\n  de: 'erste Anfrage: '\n" };
const LOCALES = ['en', 'de'];

describe('the translations of the request samples', () => {
  it("replaces a sample's own passages and the shared ones in its code and output, on German pages only", () => {
    const translation = parseSampleTranslations(FILES, SHARED, LOCALES);
    expect(translation('poll', 'de').apply(FILES['poll/curl.sh'])).toBe(
      "# Fragen Sie später erneut an.\necho 'erste Anfrage: 200'\n",
    );
    expect(translation('poll', 'de').apply(FILES['poll/output.txt'])).toBe('erste Anfrage: 200\n');
    expect(translation('poll', 'en').apply(FILES['poll/curl.sh'])).toBe(FILES['poll/curl.sh']);
  });

  it('needs no file for a sample with nothing to translate', () => {
    const translation = parseSampleTranslations(FILES, SHARED, LOCALES);
    expect(translation('plain', 'de').apply(FILES['plain/curl.sh'])).toBe(FILES['plain/curl.sh']);
  });

  it('replaces the longest passage first, and never translates a translation again', () => {
    const files = {
      'x/curl.sh': "echo 'markers: 39 markers'\n",
      'x/output.txt': 'markers: 39 markers\n',
      'x/de.yaml': "- en: '39 markers'\n  de: '39 Marker'\n- en: 'markers: '\n  de: 'markers: Marker: '\n",
    };
    expect(parseSampleTranslations(files, { 'de.yaml': '' }, LOCALES)('x', 'de').apply(files['x/output.txt'])).toBe(
      'markers: Marker: 39 Marker\n',
    );
  });

  it('fails the build when an English passage is no longer in its sample (no silent drift)', () => {
    const drifted = { ...FILES, 'poll/curl.sh': "# Ask once an hour.\necho 'first: 200'\n" };
    expect(() => parseSampleTranslations(drifted, SHARED, LOCALES)).toThrow(
      /poll\/de\.yaml.*\n?.*no longer in the sample: Ask again later\./,
    );
    expect(() =>
      parseSampleTranslations(FILES, { 'de.yaml': "- en: 'second: '\n  de: 'zweite Anfrage: '\n" }, LOCALES),
    ).toThrow(/content\/samples\/de\.yaml/);
  });

  it('refuses a passage left in English, one spread over other lines, twice, or translated two ways', () => {
    const own = (yaml: string) => parseSampleTranslations({ ...FILES, 'poll/de.yaml': yaml }, SHARED, LOCALES);
    expect(() => own("- en: 'Ask again later.'\n  de: 'Ask again later.'\n")).toThrow(/not translated/);
    expect(() => own('- en: \'Ask again later.\'\n  de: "Fragen Sie\\nspäter an."\n')).toThrow(/one line/);
    expect(() => own("- en: 'later'\n  de: 'später'\n- en: 'later'\n  de: 'später'\n")).toThrow(/twice/);
    expect(() => own("- en: 'first: '\n  de: 'zuerst: '\n")).toThrow(/translated differently/);
    expect(() => own("- en: 'Ask again later.'\n")).toThrow(/poll\/de\.yaml/);
  });

  it('fails the build, naming the locale, the file and the line, when a comment is left untranslated', () => {
    const untranslated = { ...FILES, 'poll/curl.sh': "# Ask again later.\n# Then stop.\necho 'first: 200'\n" };
    expect(() => parseSampleTranslations(untranslated, SHARED, LOCALES)).toThrow(
      'Missing translation for locale "de": content/samples/poll/de.yaml has no "# Then stop."',
    );
  });

  it('fails the build when a configured locale has no shared file, and reads each locale from its own files', () => {
    expect(() => parseSampleTranslations(FILES, SHARED, [...LOCALES, 'fr'])).toThrow(
      'Missing translation for locale "fr": content/samples/fr.yaml is missing',
    );
    const files = { ...FILES, 'poll/fr.yaml': "- en: 'Ask again later.'\n  fr: 'Redemandez plus tard.'\n" };
    const translation = parseSampleTranslations(files, { ...SHARED, 'fr.yaml': '' }, [...LOCALES, 'fr']);
    expect(translation('poll', 'fr').apply(FILES['poll/curl.sh'])).toBe("# Redemandez plus tard.\necho 'first: 200'\n");
  });
});
