import { describe, expect, it } from 'vitest';
import { SAMPLE_LANGUAGES } from '../../src/lib/samples/sample-languages.ts';
import { MARKER_SAMPLE_ID } from '../../src/lib/samples/marker-sample.ts';
import { fillPlaceholders, listSampleIds, loadSample } from '../../src/lib/samples/sample-sources.ts';
import { readPageFiles } from '../helpers/content-files.ts';
import { extractSamples, missingExcerptLine } from '../helpers/guide-samples.ts';

/** Every placeholder a sample may hold, with a value (the marker sample's come from its page). */
const VALUES = {
  BASE_URL: 'https://catalog.example',
  TEMPLATE: 'public-light-eu',
  MARKER_UUID: 'bad373cf-1f8d-41d5-9827-c9ce2d9e8641',
  MARKER_NAME: 'LDL cholesterol',
  MARKER_UNIT: 'mmol/L',
};
const LANGUAGES = SAMPLE_LANGUAGES.map((language) => language.id);

/** The `<Sample id>`s of each page, by content id (`de/auth`). */
const usedIds = new Map(
  readPageFiles().map((file) => [file.id, [...file.body.matchAll(/<Sample id="([^"]+)"/g)].map((m) => m[1]!)]),
);

describe('request samples', () => {
  it.each(listSampleIds())('%s comes in curl, JavaScript, Python and TypeScript, each with its output', (id) => {
    const sample = loadSample(id, VALUES);
    expect(sample.variants.map((variant) => variant.language)).toEqual(LANGUAGES);
    for (const variant of sample.variants) {
      expect(variant.code).toContain(VALUES.BASE_URL);
      expect(variant.output.trim()).not.toBe('');
    }
  });

  it('are on the German pages exactly as on the English ones, so no page loses a language', () => {
    const english = [...usedIds].filter(([id]) => id.startsWith('en/'));
    expect(english.flatMap(([, ids]) => ids).length).toBeGreaterThanOrEqual(listSampleIds().length - 1);
    for (const [id, ids] of english) expect(usedIds.get(id.replace(/^en\//, 'de/')), id).toEqual(ids);
  });

  it('are each used by a page, and every page uses only samples that exist', () => {
    const used = new Set([...usedIds.values()].flat());
    for (const id of used) expect(listSampleIds()).toContain(id);
    for (const id of listSampleIds()) expect(used.has(id) || id === MARKER_SAMPLE_ID, id).toBe(true);
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
  it('reads each language wrapper: id, language, code and output, with entities decoded', () => {
    const html =
      '<div class="sample-tabs" data-sample-id="x"><div role="tablist" hidden><button data-sample-lang="curl">curl</button></div>' +
      '<section id="a" data-sample="x" data-sample-lang="curl"><h3>curl</h3>' +
      '<pre tabindex="0" data-sample-code><code class="language-sh">curl &#39;https://a.example&#39; | jq &quot;.a&quot; &amp;&amp; echo &lt;ok&gt;</code></pre>' +
      '<p>Output</p><pre data-sample-output><code>{&quot;a&quot;:1}</code></pre></section></div>';
    expect(extractSamples(html)).toEqual([
      {
        id: 'x',
        language: 'curl',
        code: `curl 'https://a.example' | jq ".a" && echo <ok>`,
        output: '{"a":1}',
      },
    ]);
  });
});
