import { describe, expect, it } from 'vitest';
import { SingleFlightCache } from '../../../../src/server/store/single-flight-cache.ts';

describe('SingleFlightCache', () => {
  it('produces a value once, however many callers ask at the same time', async () => {
    const cache = new SingleFlightCache<number>();
    let calls = 0;
    const produce = async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 42;
    };
    expect(await Promise.all([cache.get('a', produce), cache.get('a', produce), cache.get('a', produce)])).toEqual([
      42, 42, 42,
    ]);
    expect(await cache.get('a', produce)).toBe(42);
    expect(calls).toBe(1);
  });

  it('produces again for a new version and keeps only the latest one per key', async () => {
    const cache = new SingleFlightCache<string>();
    let calls = 0;
    const produce = (value: string) => async () => {
      calls += 1;
      return value;
    };
    expect(await cache.get('page', produce('v1 page'), 'v1')).toBe('v1 page');
    expect(await cache.get('page', produce('unused'), 'v1')).toBe('v1 page');
    expect(await cache.get('page', produce('v2 page'), 'v2')).toBe('v2 page');
    expect(await cache.get('page', produce('unused'), 'v2')).toBe('v2 page');
    expect(calls).toBe(2);
    expect(cache.size).toBe(1);
  });

  it('produces the new version for a caller that asks while the old one is still being produced', async () => {
    const cache = new SingleFlightCache<string>();
    let finishOld: (value: string) => void = () => undefined;
    const old = cache.get('page', () => new Promise<string>((resolve) => (finishOld = resolve)), 'v1');
    const current = cache.get('page', async () => 'v2 page', 'v2');
    finishOld('v1 page');
    expect(await current).toBe('v2 page');
    expect(await old).toBe('v1 page');
    expect(await cache.get('page', async () => 'unused', 'v2')).toBe('v2 page');
  });

  it('does not let a failure of a superseded version evict the newer one', async () => {
    const cache = new SingleFlightCache<string>();
    let fail: (error: Error) => void = () => undefined;
    const old = cache.get('page', () => new Promise<string>((_resolve, reject) => (fail = reject)), 'v1');
    expect(await cache.get('page', async () => 'v2 page', 'v2')).toBe('v2 page');
    fail(new Error('render failed'));
    await expect(old).rejects.toThrow('render failed');
    expect(await cache.get('page', async () => 'rendered again', 'v2')).toBe('v2 page');
  });

  it('forgets a failure, so the next caller tries again', async () => {
    const cache = new SingleFlightCache<string>();
    await expect(cache.get('k', () => Promise.reject(new Error('render failed')))).rejects.toThrow('render failed');
    expect(cache.size).toBe(0);
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });
});
