import { describe, expect, it } from 'vitest';
import { searchKey } from '../../../../src/lib/search/search-key.ts';

describe('searchKey', () => {
  it('folds case, accents and ß, so any spelling of a name matches', () => {
    expect(searchKey('Hémoglobine')).toBe('hemoglobine');
    expect(searchKey('GLUKOSE')).toBe('glukose');
    expect(searchKey('Größe  Ä')).toBe('grosse a');
  });
});
