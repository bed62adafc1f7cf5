import { describe, expect, it } from 'vitest';
import { requestPath } from '../../../../src/server/http/request-path.ts';

describe('requestPath', () => {
  it('returns the path of an origin-form target, without its query', () => {
    expect(requestPath('/v1/biomarkers/public?template=public-light-eu')).toBe('/v1/biomarkers/public');
    expect(requestPath('/developers')).toBe('/developers');
    expect(requestPath('/a?b?c')).toBe('/a');
    // The query is the route's business (a bad escape there is a 400 from the catalog, not here).
    expect(requestPath('/a?x=%zz')).toBe('/a');
  });

  it('keeps percent-escapes that decode, as sent', () => {
    expect(requestPath('/de/caf%C3%A9')).toBe('/de/caf%C3%A9');
  });

  it('refuses escapes that do not decode, encoded NULs and targets that are not origin-form', () => {
    for (const target of [
      '/a%zz',
      '/a%E0%A4%A',
      '/a%00b',
      '//evil.example/x',
      '/\\/',
      '/\\evil.example/x',
      'http://x/',
      '*',
      '',
      undefined,
    ]) {
      expect(requestPath(target), String(target)).toBeUndefined();
    }
  });
});
