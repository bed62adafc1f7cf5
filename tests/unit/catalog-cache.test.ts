import { describe, expect, it } from 'vitest';
import { RefreshCache } from '../../src/lib/catalog/catalog-cache.ts';

function setup(ttlMs: number, staleIfErrorMs: number, staleWhileRevalidateMs = 0, retryAfterFailureMs = 0) {
  const clock = { now: 0 };
  const calls: string[] = [];
  const errors: string[] = [];
  let fail = false;
  let release: (() => void) | undefined;
  let gate: Promise<void> | undefined;
  const cache = new RefreshCache<string, string>({
    ttlMs,
    staleIfErrorMs,
    staleWhileRevalidateMs,
    retryAfterFailureMs,
    now: () => clock.now,
    onLoadError: (key, error) => errors.push(`${key}: ${(error as Error).message}`),
    load: async (key) => {
      calls.push(key);
      if (gate) await gate;
      if (fail) throw new Error('upstream down');
      return `${key}@${clock.now}`;
    },
  });
  return {
    cache,
    calls,
    errors,
    clock,
    failing: (value: boolean) => void (fail = value),
    hold: () => void (gate = new Promise((resolve) => (release = resolve))),
    releaseAll: () => {
      gate = undefined;
      release?.();
    },
  };
}

describe('RefreshCache', () => {
  it('serves a fresh value without asking upstream again', async () => {
    const t = setup(60_000, 0);
    expect(await t.cache.get('a')).toMatchObject({ value: 'a@0', state: 'fetched' });
    t.clock.now = 59_999;
    expect(await t.cache.get('a')).toMatchObject({ value: 'a@0', state: 'fresh', ageMs: 59_999 });
    expect(t.calls).toEqual(['a']);
  });

  it('asks upstream again once the value is older than the TTL', async () => {
    const t = setup(60_000, 0);
    await t.cache.get('a');
    t.clock.now = 60_000;
    expect(await t.cache.get('a')).toMatchObject({ value: 'a@60000', state: 'fetched' });
    expect(t.calls).toEqual(['a', 'a']);
  });

  it('shares one upstream request between concurrent misses of a key', async () => {
    const t = setup(60_000, 0);
    t.hold();
    const waiting = Array.from({ length: 50 }, () => t.cache.get('a'));
    const other = t.cache.get('b');
    t.releaseAll();
    const results = await Promise.all([...waiting, other]);
    expect(new Set(results.slice(0, 50).map((r) => r.value))).toEqual(new Set(['a@0']));
    expect(t.calls).toEqual(['a', 'b']);
  });

  it('shares one failure between concurrent misses, then tries again', async () => {
    const t = setup(60_000, 0);
    t.failing(true);
    t.hold();
    const waiting = Array.from({ length: 5 }, () => t.cache.get('a'));
    t.releaseAll();
    const settled = await Promise.allSettled(waiting);
    expect(settled.every((s) => s.status === 'rejected')).toBe(true);
    expect(t.calls).toHaveLength(1);
    t.failing(false);
    expect(await t.cache.get('a')).toMatchObject({ state: 'fetched' });
  });

  it('serves a stale copy younger than stale-if-error when upstream fails', async () => {
    const t = setup(60_000, 600_000);
    await t.cache.get('a');
    t.failing(true);
    t.clock.now = 300_000;
    expect(await t.cache.get('a')).toMatchObject({ value: 'a@0', state: 'stale', ageMs: 300_000 });
  });

  it('fails once the copy is older than stale-if-error', async () => {
    const t = setup(60_000, 600_000);
    await t.cache.get('a');
    t.failing(true);
    t.clock.now = 600_000;
    await expect(t.cache.get('a')).rejects.toThrow('upstream down');
  });

  it('with stale-if-error 0, a failure is a failure', async () => {
    const t = setup(1_000, 0);
    await t.cache.get('a');
    t.failing(true);
    t.clock.now = 1_000;
    await expect(t.cache.get('a')).rejects.toThrow();
  });

  it('with TTL 0, every request asks upstream but a failure can still fall back', async () => {
    const t = setup(0, 600_000);
    await t.cache.get('a');
    await t.cache.get('a');
    expect(t.calls).toHaveLength(2);
    t.failing(true);
    expect(await t.cache.get('a')).toMatchObject({ state: 'stale' });
  });

  it('reports every failed load, including ones a stale copy hid', async () => {
    const t = setup(1_000, 600_000);
    await t.cache.get('a');
    t.failing(true);
    t.clock.now = 2_000;
    expect(await t.cache.get('a')).toMatchObject({ state: 'stale' });
    await expect(t.cache.get('b')).rejects.toThrow();
    expect(t.errors).toEqual(['a: upstream down', 'b: upstream down']);
  });
});

describe('RefreshCache with stale-while-revalidate', () => {
  /** Lets the background load settle (it awaits the gate and the loader). */
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('serves the old value at once past the TTL, and the new one after one background load', async () => {
    const t = setup(60_000, 0, 30_000);
    await t.cache.get('a');
    t.clock.now = 61_000;
    t.hold();
    const during = await Promise.all(Array.from({ length: 10 }, () => t.cache.get('a')));
    expect(during.every((r) => r.value === 'a@0' && r.state === 'revalidating')).toBe(true);
    expect(during[0]!.ageMs).toBe(61_000);
    expect(t.calls).toEqual(['a', 'a']); // one background load for all ten
    t.releaseAll();
    await settle();
    expect(await t.cache.get('a')).toMatchObject({ value: 'a@61000', state: 'fresh', ageMs: 0 });
    expect(t.calls).toHaveLength(2);
  });

  it('makes callers wait once the window has passed too', async () => {
    const t = setup(60_000, 0, 30_000);
    await t.cache.get('a');
    t.clock.now = 90_000;
    expect(await t.cache.get('a')).toMatchObject({ value: 'a@90000', state: 'fetched' });
  });

  it('after a failed background load, lets stale-if-error decide and reports the failure', async () => {
    const t = setup(60_000, 0, 30_000);
    await t.cache.get('a');
    t.failing(true);
    t.clock.now = 61_000;
    expect(await t.cache.get('a')).toMatchObject({ value: 'a@0', state: 'revalidating' });
    await settle();
    expect(t.errors).toEqual(['a: upstream down']);
    // Still inside the window, but the upstream is known to fail and stale-if-error is 0.
    await expect(t.cache.get('a')).rejects.toThrow('upstream down');
    t.failing(false);
    expect(await t.cache.get('a')).toMatchObject({ value: 'a@61000', state: 'fetched' });
  });

  it('after a failed background load, serves a copy stale-if-error allows, asking upstream each time', async () => {
    const t = setup(60_000, 600_000, 30_000);
    await t.cache.get('a');
    t.failing(true);
    t.clock.now = 61_000;
    await t.cache.get('a');
    await settle();
    expect(await t.cache.get('a')).toMatchObject({ value: 'a@0', state: 'stale' });
    expect(t.calls).toHaveLength(3);
  });

  it('is off when the TTL is 0, so that every request still asks upstream', async () => {
    const t = setup(0, 0, 30_000);
    expect(await t.cache.get('a')).toMatchObject({ state: 'fetched' });
    t.clock.now = 1;
    expect(await t.cache.get('a')).toMatchObject({ value: 'a@1', state: 'fetched' });
    expect(t.calls).toHaveLength(2);
  });
});

describe('RefreshCache after a failed load', () => {
  it('answers with the same error for retryAfterFailureMs without asking upstream, then asks again', async () => {
    const t = setup(60_000, 0, 0, 5_000);
    t.failing(true);
    await expect(t.cache.get('a')).rejects.toThrow('upstream down');
    t.clock.now = 4_999;
    await expect(t.cache.get('a')).rejects.toThrow('upstream down');
    expect(t.calls).toEqual(['a']);
    expect(t.errors).toHaveLength(1); // one log line, not one per request
    t.failing(false);
    t.clock.now = 5_000;
    expect(await t.cache.get('a')).toMatchObject({ value: 'a@5000', state: 'fetched' });
    expect(await t.cache.get('b')).toMatchObject({ state: 'fetched' }); // other keys never waited
  });

  it('serves the stale copy meanwhile, if stale-if-error allows it', async () => {
    const t = setup(60_000, 600_000, 0, 5_000);
    await t.cache.get('a');
    t.failing(true);
    t.clock.now = 60_000;
    expect(await t.cache.get('a')).toMatchObject({ value: 'a@0', state: 'stale' });
    t.clock.now = 62_000;
    expect(await t.cache.get('a')).toMatchObject({ value: 'a@0', state: 'stale', ageMs: 62_000 });
    expect(t.calls).toHaveLength(2);
    t.clock.now = 65_000;
    t.failing(false);
    expect(await t.cache.get('a')).toMatchObject({ value: 'a@65000', state: 'fetched' });
  });
});
