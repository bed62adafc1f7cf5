import { describe, expect, it } from 'vitest';
import { leadClause } from '../../../../src/lib/api-reference/api-reference-labels.ts';

describe("a response's short meaning: the first clause of its description", () => {
  it('ends at the first colon, semicolon or full stop before a space, or at the end without its full stop', () => {
    expect(leadClause('The panel.')).toEqual([{ code: false, text: 'The panel' }]);
    expect(leadClause('An unexpected error; it is logged on the server.')).toEqual([
      { code: false, text: 'An unexpected error' },
    ]);
    expect(leadClause('The instance is shutting down: route new requests elsewhere.')).toEqual([
      { code: false, text: 'The instance is shutting down' },
    ]);
    expect(leadClause('More than 60 requests. Wait `Retry-After` seconds.')).toEqual([
      { code: false, text: 'More than 60 requests' },
    ]);
  });

  it('keeps code whole and reads on past a stop inside parentheses, a version number or code', () => {
    expect(leadClause('`If-None-Match` names the current `ETag`: nothing changed since.')).toEqual([
      { code: true, text: 'If-None-Match' },
      { code: false, text: ' names the current ' },
      { code: true, text: 'ETag' },
    ]);
    expect(leadClause('The body is too large (RFC 9110 section 15.5.14; see there). Nothing is read.')).toEqual([
      { code: false, text: 'The body is too large (RFC 9110 section 15.5.14; see there)' },
    ]);
    expect(leadClause('A value such as `a: b.` is kept')).toEqual([
      { code: false, text: 'A value such as ' },
      { code: true, text: 'a: b.' },
      { code: false, text: ' is kept' },
    ]);
  });

  it('is the first paragraph only, and nothing for an empty description', () => {
    expect(leadClause('First without a stop\n\nSecond.')).toEqual([{ code: false, text: 'First without a stop' }]);
    expect(leadClause('')).toEqual([]);
  });
});
