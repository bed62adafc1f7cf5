import { describe, expect, it } from 'vitest';
import { cacheControlOf, leastFreshness } from '../../../../src/lib/http/freshness.ts';

describe('freshness', () => {
  it('of something drawn from several parts is the least of each figure', () => {
    const catalog = { maxAgeS: 40, staleWhileRevalidateS: 60, staleIfErrorS: 500 };
    const staleCopy = { maxAgeS: 5, staleWhileRevalidateS: 30, staleIfErrorS: 30 };
    expect(leastFreshness([catalog, staleCopy])).toEqual({ maxAgeS: 5, staleWhileRevalidateS: 30, staleIfErrorS: 30 });
  });

  it('grants a stale window only when every part does', () => {
    expect(leastFreshness([{ maxAgeS: 40, staleIfErrorS: 500 }, { maxAgeS: 60 }])).toEqual({ maxAgeS: 40 });
    expect(leastFreshness([])).toEqual({ maxAgeS: 0 });
  });

  it('is written as Cache-Control for every cache or the client alone', () => {
    expect(cacheControlOf('public', { maxAgeS: 5, staleWhileRevalidateS: 60, staleIfErrorS: 0 })).toBe(
      'public, max-age=5, stale-while-revalidate=60, stale-if-error=0',
    );
    expect(cacheControlOf('private', { maxAgeS: 12 })).toBe('private, max-age=12');
  });
});
