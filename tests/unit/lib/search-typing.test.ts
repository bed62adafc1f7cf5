import { describe, expect, it } from 'vitest';
import { closestKnownWord, withinOneEdit } from '../../../src/lib/search/typing.ts';

describe('forgiving typing', () => {
  it('forgives one edit in a word of five letters or more, a swap of neighbours included', () => {
    expect(withinOneEdit('hemoglobin', 'haemoglobin')).toBe(true); // a letter dropped
    expect(withinOneEdit('cholesterin', 'cholesterol')).toBe(false); // two changed
    expect(withinOneEdit('ferirtin', 'ferritin')).toBe(true); // neighbours swapped
    expect(withinOneEdit('ferritn', 'ferritin')).toBe(true);
  });

  it('forgives an edit at either end of a word, and no word changed at both ends', () => {
    expect(withinOneEdit('lgucose', 'glucose')).toBe(true); // the first two swapped
    expect(withinOneEdit('blucose', 'glucose')).toBe(true); // the first changed
    expect(withinOneEdit('glucoes', 'glucose')).toBe(true); // the last two swapped
    expect(withinOneEdit('lucose', 'glucose')).toBe(true); // the first dropped
    expect(withinOneEdit('glucosey', 'glucose')).toBe(true); // one added at the end
    expect(withinOneEdit('blucosa', 'glucose')).toBe(false); // both ends changed
  });

  it('forgives nothing in short words, which are too close to one another', () => {
    expect(withinOneEdit('tsh', 'tsk')).toBe(false);
    expect(withinOneEdit('ldl', 'hdl')).toBe(false);
    expect(withinOneEdit('ldl', 'ldl')).toBe(true);
  });

  it('suggests the closest known word, or none', () => {
    expect(closestKnownWord('feritin', ['folate', 'ferritin'])).toBe('ferritin');
    expect(closestKnownWord('xyzzyq', ['folate', 'ferritin'])).toBeUndefined();
  });
});
