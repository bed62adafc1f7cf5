import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildApiReferenceView } from '../../../../src/lib/api-reference/build-api-reference-view.ts';
import { MARKER_SAMPLE_ID } from '../../../../src/lib/catalog-page/marker-sample.ts';
import { cutFragment, FRAGMENT_VALUES, fillFragment } from '../../../../src/lib/samples/prepared-sample-fragments.ts';
import { fillPlaceholders, loadSample, SAMPLE_LANGUAGES } from '../../../../src/lib/samples/request-samples.ts';
import { readPageFiles } from '../../../helpers/content-files.ts';
import { englishWords } from '../../../helpers/german-register.ts';
import { extractSamples, missingExcerptLine, sampleProse } from '../../../helpers/guide-samples.ts';
import { openApiDocumentFor } from '../../../helpers/openapi-fixture.ts';

/** Every placeholder a sample may hold, with a value (the marker sample's come from its page). */
const VALUES = {
  BASE_URL: 'https://catalog.example',
  TEMPLATE: 'public-light-eu',
  MARKER_UUID: 'bad373cf-1f8d-41d5-9827-c9ce2d9e8641',
  MARKER_NAME: 'LDL cholesterol',
  MARKER_UNIT: 'mmol/L',
  LOCALE: 'en',
};
const LANGUAGES = SAMPLE_LANGUAGES.map((language) => language.id);

/** The ids of every sample: the folders of `content/samples/`. */
const SAMPLE_IDS = readdirSync('content/samples', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** The `<Sample id>`s of each page, by content id (`de/auth`). */
const usedIds = new Map(
  readPageFiles().map((file) => [file.id, [...file.body.matchAll(/<Sample id="([^"]+)"/g)].map((m) => m[1]!)]),
);

/** The samples of the API reference's operations, one per GET and POST (the reference's pages show them). */
const referenceIds = buildApiReferenceView(openApiDocumentFor(VALUES.BASE_URL))
  .paths.flatMap((path) => path.operations)
  .flatMap((operation) => (operation.sample === undefined ? [] : [operation.sample]));

describe('request samples', () => {
  it.each(SAMPLE_IDS)('%s comes in curl, JavaScript, Python and TypeScript, each with its output', (id) => {
    const sample = loadSample(id, VALUES, 'en');
    expect(sample.variants.map((variant) => variant.language)).toEqual(LANGUAGES);
    for (const variant of sample.variants) {
      expect(variant.code).toContain(VALUES.BASE_URL);
      expect(variant.output.trim()).not.toBe('');
    }
  });

  it('are on the German pages exactly as on the English ones, so no page loses a language', () => {
    const english = [...usedIds].filter(([id]) => id.startsWith('en/'));
    expect(english.flatMap(([, ids]) => ids).length).toBeGreaterThanOrEqual(
      SAMPLE_IDS.length - 1 - referenceIds.length,
    );
    for (const [id, ids] of english) expect(usedIds.get(id.replace(/^en\//, 'de/')), id).toEqual(ids);
  });

  it('are each used by a page, and every page uses only samples that exist', () => {
    const used = new Set([...[...usedIds.values()].flat(), ...referenceIds]);
    for (const id of used) expect(SAMPLE_IDS).toContain(id);
    for (const id of SAMPLE_IDS) expect(used.has(id) || id === MARKER_SAMPLE_ID, id).toBe(true);
  });

  it('refuse to render with a placeholder left unfilled', () => {
    expect(() =>
      fillPlaceholders("curl '{BASE_URL}/x?template={TEMPLATE}'", { BASE_URL: 'https://a.example' }),
    ).toThrow(/\{TEMPLATE\}/);
    expect(fillPlaceholders('console.log(`${n} {BASE_URL}`)', { BASE_URL: 'https://a.example' })).toBe(
      'console.log(`${n} https://a.example`)',
    );
  });
});

describe('request samples on German pages', () => {
  const GERMAN_VALUES = { ...VALUES, LOCALE: 'de', MARKER_NAME: 'LDL-Cholesterin' };

  it.each(SAMPLE_IDS)('%s has every comment and every string it prints in German', (id) => {
    const english = loadSample(id, VALUES, 'en');
    const german = loadSample(id, GERMAN_VALUES, 'de');
    german.variants.forEach((variant, index) => {
      const what = `${id} (${variant.language})`;
      const englishProse = sampleProse(english.variants[index]!.code, variant.language);
      const germanProse = sampleProse(variant.code, variant.language);
      // The same comments and printed strings, each changed: none left as it was.
      expect(germanProse.length, what).toBe(englishProse.length);
      germanProse.forEach((text, at) => expect(text, what).not.toBe(englishProse[at]));
      expect(englishWords([...germanProse, variant.output].join('\n')), what).toEqual([]);
    });
  });

  it('finds the English a translation would have to replace', () => {
    const english = loadSample('catalog-poll-etag', VALUES, 'en').variants.find((each) => each.language === 'python')!;
    expect(sampleProse(english.code, 'python')).toEqual([
      'Python 3.8 or later, standard library only. Save as poll.py and run `python3 poll.py`.',
      'In an app, ask again once an hour, not right away; the second request here shows the 304.',
      'f"first:  , ETag  ,   markers"',
      '200: the catalog changed, read the new one',
      'urllib raises for every status outside 2xx, 304 Not Modified included.',
      'f"again:  "',
    ]);
    expect(englishWords(english.output)).toEqual(['first', 'markers', 'again']);
    expect(englishWords('Der `--compressed`-Schalter, „failed writing body“, catalog.read und der Body')).toEqual([]);
  });
});

describe('checking what a sample prints', () => {
  const stdout = 'HTTP/1.1 200 OK\r\nDate: today\r\nETag: "abc-br"\r\n\r\n{"success":true,"data":[1,2]}\n';

  it('accepts an excerpt whose lines are printed in order, with … for what is left out', () => {
    expect(missingExcerptLine(stdout, 'HTTP/1.1 200 OK\n…\nETag: "…"\n{"success":true,…')).toBeUndefined();
  });

  it('names the first line that is not printed, out of order or different', () => {
    expect(missingExcerptLine(stdout, 'HTTP/1.1 304 Not Modified')).toBe('HTTP/1.1 304 Not Modified');
    expect(missingExcerptLine(stdout, 'ETag: "…"\nHTTP/1.1 200 OK')).toBe('HTTP/1.1 200 OK');
    expect(missingExcerptLine(stdout, 'ETag: "abc"')).toBe('ETag: "abc"');
  });
});

describe('extracting samples from a page', () => {
  /** An Expressive Code block as Starlight's `<Code>` renders it, after the valid-HTML plugin. */
  const block = (lines: string[], copied: string) =>
    '<div class="expressive-code"><figure class="frame is-terminal not-content"><figcaption class="header"></figcaption>' +
    '<pre data-language="sh" class="wrap"><code>' +
    lines.map((line) => `<span class="ec-line"><span class="code">${line}</span></span>`).join('') +
    `</code></pre><div class="copy"><button title="Copy" data-code="${copied}" type="button"></button></div></figure></div>`;

  it('reads each panel: id, language, what the copy button copies, the shown lines and the output, decoded', () => {
    const html =
      '<div class="sample-tabs" data-sample-id="x"><div role="tablist" hidden><button data-sample-lang="curl">curl</button></div>' +
      '<div class="sample-panel" id="a" data-sample="x" data-sample-lang="curl"><h3>curl</h3>' +
      '<div data-sample-code>' +
      block(
        [
          '<span style="--0:#919F9F"># Needs curl</span>',
          'curl <span style="--0:#ECC48D">&#x27;https://a.example&#x27;</span> | jq &#x22;.a&#x22; &#x26;&#x26; echo &#x3C;ok>',
          '\n',
          '<span class="indent">  </span>echo done',
        ],
        'curl &#x27;https://a.example&#x27; | jq &#x22;.a&#x22; &#x26;&#x26; echo &#x3C;ok>\u007f\u007f  echo done',
      ) +
      '</div><p>Output</p><div data-sample-output>' +
      block(['{&#x22;a&#x22;:1}'], '{&#x22;a&#x22;:1}') +
      '</div></div>' +
      '<div class="sample-panel" data-sample="x" data-sample-lang="python"><div data-sample-code>' +
      block(['print(1)'], 'print(1)') +
      '</div><div data-sample-output>' +
      block(['1'], '1') +
      '</div></div></div>';
    expect(extractSamples(html)).toEqual([
      {
        id: 'x',
        language: 'curl',
        code: `curl 'https://a.example' | jq ".a" && echo <ok>\n\n  echo done`,
        shown: `# Needs curl\ncurl 'https://a.example' | jq ".a" && echo <ok>\n\n  echo done`,
        output: '{"a":1}',
      },
      { id: 'x', language: 'python', code: 'print(1)', shown: 'print(1)', output: '1' },
    ]);
  });

  it('refuses a panel without a code block to run', () => {
    expect(() =>
      extractSamples('<div data-sample="x" data-sample-lang="curl"><div data-sample-code><pre>curl</pre></div></div>'),
    ).toThrow(/sample x/);
  });
});

describe('a sample prepared with stand-in values', () => {
  const standIns = `${FRAGMENT_VALUES['MARKER_UUID']} ${FRAGMENT_VALUES['MARKER_NAME']} ${FRAGMENT_VALUES['MARKER_UNIT']}`;
  const rendered =
    '<!DOCTYPE html><link rel="stylesheet" href="/_astro/a.css"><script type="module" src="/_astro/tabs.js"></script>' +
    `<prepared-fragment><pre>curl '?template=${FRAGMENT_VALUES['TEMPLATE']}' | jq '.locale == "${FRAGMENT_VALUES['LOCALE']}"'</pre>` +
    `<button data-code="${standIns}"></button><pre>${standIns}</pre></prepared-fragment>`;

  it('is cut from its render with the module scripts the page needs, and refuses a stand-in split apart', () => {
    const fragment = cutFragment(rendered, 'test');
    expect(fragment.startsWith('<script type="module" src="/_astro/tabs.js"></script><pre>')).toBe(true);
    expect(fragment).not.toContain('prepared-fragment');
    expect(fragment).not.toContain('a.css');
    // A grammar that tokenized a stand-in would split it across two elements.
    const split = rendered.replaceAll(FRAGMENT_VALUES['MARKER_NAME']!, 'PREPARED_SAMPLE_<span>MARKER_NAME</span>');
    expect(() => cutFragment(split, 'test')).toThrow(/MARKER_NAME/);
  });

  it("gets a marker's values, escaped for HTML text and attributes", () => {
    const filled = fillFragment(cutFragment(rendered, 'test'), {
      TEMPLATE: 'public-v2-light-uk',
      MARKER_UUID: '94c0913b-405b-4464-95d9-dd98f710f206',
      MARKER_NAME: `Ferritin <"a" & 'b'>`,
      MARKER_UNIT: 'µg/L',
      LOCALE: 'de',
    });
    expect(filled).toContain("curl '?template=public-v2-light-uk'");
    expect(filled).toContain('.locale == "de"');
    expect(filled).toContain(
      'data-code="94c0913b-405b-4464-95d9-dd98f710f206 Ferritin &lt;&quot;a&quot; &amp; &#39;b&#39;&gt; µg/L"',
    );
    expect(filled).not.toContain('PREPARED_SAMPLE');
    expect(() => fillFragment(rendered, { TEMPLATE: 'x' })).toThrow(/MARKER_UUID/);
  });
});
