/** Month names as an HTTP-date spells them (RFC 9110 §5.6.7), January first. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const DAY_NAME = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY_NAME = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTH = `(${MONTHS.join('|')})`;
const TIME_OF_DAY = '(\\d{2}):(\\d{2}):(\\d{2})';

/** `Sun, 06 Nov 1994 08:49:37 GMT`: the form a sender generates. */
const IMF_FIXDATE = new RegExp(`^${DAY_NAME}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME_OF_DAY} GMT$`);
/** `Sunday, 06-Nov-94 08:49:37 GMT`: obsolete, still accepted. */
const RFC850_DATE = new RegExp(`^${LONG_DAY_NAME}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME_OF_DAY} GMT$`);
/** `Sun Nov  6 08:49:37 1994` (C's asctime): obsolete, still accepted; always UTC. */
const ASCTIME_DATE = new RegExp(`^${DAY_NAME} ${MONTH} ([ \\d]\\d) ${TIME_OF_DAY} (\\d{4})$`);

/**
 * The year of an rfc850-date's two digits: a year more than 50 years ahead of `now` is the latest past year with
 * those digits (RFC 9110 §5.6.7).
 */
function fullYear(twoDigits: number, now: number): number {
  const current = new Date(now).getUTCFullYear();
  const year = current - (current % 100) + twoDigits;
  if (year > current + 50) return year - 100;
  return year < current - 50 ? year + 100 : year;
}

/** Milliseconds since the epoch of a calendar time, or undefined when no such time exists (31 February, 25:00). */
function utc(year: number, month: string, day: number, time: readonly string[]): number | undefined {
  const [hours, minutes, seconds] = time.map(Number) as [number, number, number];
  const monthIndex = MONTHS.indexOf(month);
  const ms = Date.UTC(year, monthIndex, day, hours, minutes, seconds);
  const date = new Date(ms);
  const exact =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === monthIndex &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hours &&
    date.getUTCMinutes() === minutes &&
    date.getUTCSeconds() === seconds;
  return exact ? ms : undefined;
}

/**
 * The instant an HTTP-date names (RFC 9110 §5.6.7: IMF-fixdate, or the obsolete rfc850 and asctime forms), in
 * milliseconds since the epoch; undefined for anything else, which a recipient of a conditional request ignores
 * (RFC 9110 §13.1.3). Strict where `Date.parse` is lenient: `2026-12-02` or a list of two dates is no HTTP-date.
 */
export function parseHttpDate(value: string, now = Date.now()): number | undefined {
  const fix = IMF_FIXDATE.exec(value);
  if (fix !== null) return utc(Number(fix[3]), fix[2]!, Number(fix[1]), fix.slice(4));
  const rfc850 = RFC850_DATE.exec(value);
  if (rfc850 !== null) return utc(fullYear(Number(rfc850[3]), now), rfc850[2]!, Number(rfc850[1]), rfc850.slice(4));
  const asctime = ASCTIME_DATE.exec(value);
  if (asctime !== null) return utc(Number(asctime[6]), asctime[1]!, Number(asctime[2]), asctime.slice(3, 6));
  return undefined;
}

/** An instant as the IMF-fixdate a sender generates (RFC 9110 §5.6.7), e.g. for `Last-Modified`. */
export const formatHttpDate = (instant: Date | number): string => new Date(instant).toUTCString();
