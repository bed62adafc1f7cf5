import { describe, expect, it } from 'vitest';
import { correctedQuery, indexKnownWords, namedMarkerPage } from '../../../../src/lib/search/corrected-query.ts';

/** Known words as the build writes them: markers' names and search words first, then every other indexed word. */
const index = indexKnownWords({
  known: [
    'ferritin',
    'haemoglobin',
    'hamoglobin',
    'anaemia',
    'oestradiol',
    'hemoglobin',
    'fields',
    'field',
    'throttling',
  ],
  identifiers: { 'd51abe70-98e8-41d5-ae3e-025df0c56bae': 'haemoglobin' },
  aliases: {
    haemoglobin: '/biomarkers/haemoglobin',
    hb: '/biomarkers/haemoglobin',
    'good cholesterol': '/biomarkers/hdl',
  },
});

describe('the site search reads a query', () => {
  it('as the known word one edit away, for words of five letters or more', () => {
    expect(correctedQuery('ferritn', index)).toBe('ferritin');
    expect(correctedQuery('Ferritn level', index)).toBe('ferritin level');
    expect(correctedQuery('throtling', index)).toBe('throttling');
  });

  it('as the British spelling the catalog writes', () => {
    expect(correctedQuery('hemoglobin', index)).toBe('haemoglobin');
    expect(correctedQuery('anemia', index)).toBe('anaemia');
    expect(correctedQuery('estradiol', index)).toBe('oestradiol');
  });

  it('as the folded word where only that is known (a German name on the English site)', () => {
    expect(correctedQuery('Hämoglobin', index)).toBe('hamoglobin');
  });

  it('unchanged where every word is known, short or far from any known one', () => {
    expect(correctedQuery('fields', index)).toBe('fields');
    expect(correctedQuery('ferr', index)).toBe('ferr');
    expect(correctedQuery('429 rate limit', index)).toBe('429 rate limit');
    expect(correctedQuery('xylophone', index)).toBe('xylophone');
  });

  it("as its marker's key for a pasted uuid, in any case", () => {
    expect(correctedQuery(' D51ABE70-98E8-41D5-AE3E-025DF0C56BAE ', index)).toBe('haemoglobin');
  });

  it('names the marker a whole query is a term of, and none for a part of one', () => {
    expect(namedMarkerPage('Haemoglobin', index)).toBe('/biomarkers/haemoglobin');
    expect(namedMarkerPage('Good  Cholesterol', index)).toBe('/biomarkers/hdl');
    expect(namedMarkerPage('cholesterol', index)).toBeUndefined();
    expect(namedMarkerPage('constructor', index)).toBeUndefined();
  });
});
