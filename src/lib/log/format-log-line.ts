/** Keys every line sets itself, first; a field of the same name is dropped. */
const RESERVED_KEYS = ['time', 'level', 'event'];

const withoutReserved = (fields: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(fields).filter(([key]) => !RESERVED_KEYS.includes(key)));

// One line per request, so this is on the hot path: the timestamp is formatted once per
// millisecond, and `fields` is serialised as it is, never spread into a new object first.
let stampedAt = Number.NaN;
let stamp = '';

/** One JSON line: `time`, `level` and `event` first (never taken from `fields`), then `fields` as given. */
export function formatLogLine(
  severity: 'info' | 'error',
  event: string,
  fields: Record<string, unknown> = {},
  now = Date.now(),
): string {
  if (now !== stampedAt) {
    stampedAt = now;
    stamp = new Date(now).toISOString();
  }
  const reserved = 'time' in fields || 'level' in fields || 'event' in fields; // RESERVED_KEYS, unrolled
  const tail = JSON.stringify(reserved ? withoutReserved(fields) : fields);
  return `{"time":"${stamp}","level":"${severity}","event":${JSON.stringify(event)}${tail === '{}' ? '}' : `,${tail.slice(1)}`}\n`;
}
