/**
 * How long a response may be used (RFC 9111 §5.2.2.1 `max-age`) and, past that, how long it may still be served while
 * it is revalidated or while revalidation fails (RFC 5861 `stale-while-revalidate`, `stale-if-error`); an absent
 * window is not granted.
 */
export interface Freshness {
  maxAgeS: number;
  staleWhileRevalidateS?: number;
  staleIfErrorS?: number;
}

/** The freshness of something drawn from all of `parts`: each figure the least of theirs (a window any part lacks, none). */
export function leastFreshness(parts: readonly Freshness[]): Freshness {
  if (parts.length === 0) return { maxAgeS: 0 };
  const least = (pick: (part: Freshness) => number | undefined): number | undefined => {
    const figures = parts.map(pick);
    return figures.some((figure) => figure === undefined) ? undefined : Math.min(...(figures as number[]));
  };
  const staleWhileRevalidateS = least((part) => part.staleWhileRevalidateS);
  const staleIfErrorS = least((part) => part.staleIfErrorS);
  return {
    maxAgeS: Math.min(...parts.map((part) => part.maxAgeS)),
    ...(staleWhileRevalidateS === undefined ? {} : { staleWhileRevalidateS }),
    ...(staleIfErrorS === undefined ? {} : { staleIfErrorS }),
  };
}

/** The `Cache-Control` value of `freshness`, for every cache (`public`) or the client's own (`private`). */
export function cacheControlOf(scope: 'public' | 'private', freshness: Freshness): string {
  const directives = [scope, `max-age=${freshness.maxAgeS}`];
  if (freshness.staleWhileRevalidateS !== undefined)
    directives.push(`stale-while-revalidate=${freshness.staleWhileRevalidateS}`);
  if (freshness.staleIfErrorS !== undefined) directives.push(`stale-if-error=${freshness.staleIfErrorS}`);
  return directives.join(', ');
}
