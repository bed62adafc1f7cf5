import { describe, expect, it } from 'vitest';
import { formatHttpDate, parseHttpDate } from '../../../../src/lib/http/http-date.ts';

/** RFC 9110 §5.6.7's example instant: Sunday, 6 November 1994, 08:49:37 UTC. */
const EXAMPLE = Date.UTC(1994, 10, 6, 8, 49, 37);
const NOW = Date.UTC(2026, 11, 2);

describe('parseHttpDate', () => {
  it.each([
    ['an IMF-fixdate', 'Sun, 06 Nov 1994 08:49:37 GMT'],
    ['an obsolete rfc850-date', 'Sunday, 06-Nov-94 08:49:37 GMT'],
    ['an obsolete asctime-date', 'Sun Nov  6 08:49:37 1994'],
  ])('reads %s as the instant it names', (_name, value) => {
    expect(parseHttpDate(value, NOW)).toBe(EXAMPLE);
  });

  it('reads a two-digit year more than 50 years ahead as the latest past year with those digits', () => {
    expect(parseHttpDate('Thursday, 01-Jan-76 00:00:00 GMT', NOW)).toBe(Date.UTC(2076, 0, 1));
    expect(parseHttpDate('Thursday, 01-Jan-77 00:00:00 GMT', NOW)).toBe(Date.UTC(1977, 0, 1));
  });

  it.each([
    ['an ISO 8601 date', '2026-12-02'],
    ['an RFC 3339 timestamp', '2026-12-02T03:01:25Z'],
    ['another zone than GMT', 'Sun, 06 Nov 1994 08:49:37 +0100'],
    ['two dates', 'Sun, 06 Nov 1994 08:49:37 GMT, Mon, 07 Nov 1994 08:49:37 GMT'],
    ['a day that does not exist', 'Sat, 31 Feb 2026 00:00:00 GMT'],
    ['an hour that does not exist', 'Sun, 06 Nov 1994 25:49:37 GMT'],
    ['lower-case names', 'sun, 06 nov 1994 08:49:37 GMT'],
    ['an empty value', ''],
  ])('refuses %s, which a recipient then ignores', (_name, value) => {
    expect(parseHttpDate(value, NOW)).toBeUndefined();
  });
});

describe('formatHttpDate', () => {
  it('writes the IMF-fixdate a sender generates, which parses back to the same second', () => {
    expect(formatHttpDate(EXAMPLE)).toBe('Sun, 06 Nov 1994 08:49:37 GMT');
    const instant = Date.parse('2026-12-02T03:01:25Z');
    expect(parseHttpDate(formatHttpDate(instant))).toBe(instant);
  });
});
