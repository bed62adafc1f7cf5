import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestPath, urlPathname } from '../../../../src/server/http/request-path.ts';

const BASE = 'https://api.example';

describe('urlPathname', () => {
  it('returns a path the URL parser keeps as it is, unchanged', () => {
    for (const path of ['/', '/developers', '/de/webhooks.md', '/a/b.c/..d/%41', "/x!$&'()*+,;=:@~-_"]) {
      expect(urlPathname(path, BASE)).toBe(path);
    }
  });

  it('resolves dot segments, plain or percent-encoded, as the URL parser does', () => {
    expect(urlPathname('/a/./b', BASE)).toBe('/a/b');
    expect(urlPathname('/a/../developers', BASE)).toBe('/developers');
    expect(urlPathname('/a/%2E%2e/developers', BASE)).toBe('/developers');
    expect(urlPathname('/a/..', BASE)).toBe('/');
  });

  it('re-encodes what the URL parser re-encodes', () => {
    expect(urlPathname('/a{b}', BASE)).toBe('/a%7Bb%7D');
    expect(urlPathname('/caf\u00e9', BASE)).toBe('/caf%C3%A9');
    expect(urlPathname('/a\\b', BASE)).toBe('/a/b');
  });

  it('never throws, and leaves a path the parser cannot resolve as it is', () => {
    expect(urlPathname('/a/\\/\\', BASE)).toBe('/a////');
    expect(urlPathname('\\\\', BASE)).toBe('\\\\');
  });

  it('always equals new URL(path, base).pathname for a valid request path', () => {
    const segment = fc.stringMatching(/^(?:[A-Za-z0-9._~%{}|^`\\\u00e9!$&'()*+,;=:@-]|%2e|%2E){0,6}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const path = requestPath(`/${segments.join('/')}`);
        if (path === undefined) return;
        let expected: string;
        try {
          expected = new URL(path, BASE).pathname;
        } catch {
          // A path the parser cannot resolve is returned as it is, so that it routes to a 404.
          expect(urlPathname(path, BASE)).toBe(path);
          return;
        }
        expect(urlPathname(path, BASE)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
