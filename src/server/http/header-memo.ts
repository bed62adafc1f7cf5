/** Most distinct header values remembered per memo; the table is cleared when full. */
const MAX_VALUES = 256;

/**
 * Memoises a pure function of one request header (`Accept`, `Accept-Encoding`): clients
 * send a handful of distinct values, so each is parsed once instead of on every request.
 * Bounded whatever clients send.
 */
export function memoizeByHeader<T>(compute: (header: string | undefined) => T): (header: string | undefined) => T {
  const values = new Map<string, T>();
  return (header) => {
    const key = header ?? '';
    const known = values.get(key);
    if (known !== undefined || values.has(key)) return known as T;
    const value = compute(header);
    if (values.size >= MAX_VALUES) values.clear();
    values.set(key, value);
    return value;
  };
}
