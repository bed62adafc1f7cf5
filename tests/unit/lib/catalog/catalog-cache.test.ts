import { describe, expect, it } from 'vitest';
import { RefreshCache } from '../../../../src/lib/catalog/catalog-cache.ts';

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

  it('tells how long it keeps answering a value: to the end of the TTL, of the pause after a failure, or of stale-if-error', async () => {
    const t = setup(60_000, 600_000, 0, 5_000);
    expect(await t.cache.get('a')).toMatchObject({ state: 'fetched', holdsForMs: 60_000, loading: false });
    t.clock.now = 20_500;
    expect(await t.cache.get('a')).toMatchObject({ state: 'fresh', holdsForMs: 39_500, loading: false });
    expect(t.cache.peekFresh('a')).toMatchObject({ holdsForMs: 39_500, loading: false });
    t.failing(true);
    t.clock.now = 60_000;
    // The load that just failed starts the pause: nothing is asked for 5 s.
    expect(await t.cache.get('a')).toMatchObject({ state: 'stale', holdsForMs: 5_000, loading: false });
    t.clock.now = 63_500;
    expect(await t.cache.get('a')).toMatchObject({ state: 'stale', holdsForMs: 1_500, loading: false });
    // Near the end of stale-if-error, the copy's own end comes first.
    t.clock.now = 598_000;
    expect(await t.cache.get('a')).toMatchObject({ state: 'stale', holdsForMs: 2_000, loading: false });
    t.clock.now = 601_000;
    await expect(t.cache.get('a')).rejects.toThrow('upstream down');
  });

  it('holds nothing with TTL 0, and marks a value served while its replacement loads', async () => {
    const off = setup(0, 600_000);
    expect(await off.cache.get('a')).toMatchObject({ state: 'fetched', holdsForMs: 0 });
    off.failing(true);
    expect(await off.cache.get('a')).toMatchObject({ state: 'stale', holdsForMs: 0, loading: false });
    const t = setup(60_000, 0, 60_000);
    await t.cache.get('a');
    t.hold();
    t.clock.now = 61_000;
    expect(await t.cache.get('a')).toMatchObject({ state: 'revalidating', holdsForMs: 0, loading: true });
    t.releaseAll();
  });
});

/** How a fake upstream behaves, on the fake clock: what `load` does after being called. */
type Upstream = (after: (ms: number) => Promise<void>) => Promise<void>;

const DEADLINE_MS = 5_000;
const deadline = (after: (ms: number) => Promise<void>) =>
  after(DEADLINE_MS).then(() => Promise.reject(new Error('timeout')));
const UPSTREAMS: Record<string, Upstream> = {
  'hangs until the deadline': deadline,
  'drips a body slower than the deadline': deadline, // the fetch deadline covers the body too
  'refuses the connection': () => Promise.reject(new Error('unreachable')),
  'answers 500 at once': (after) => after(3).then(() => Promise.reject(new Error('status 500'))),
};

/**
 * A cache with a stale-if-error window and a 50 ms grace, on a fake clock whose timers the
 * cache and the fake upstream share; `advance` moves the clock, firing timers on the way.
 */
function graceSetup(options: { ttlMs?: number; staleIfErrorMs?: number; graceMs?: number } = {}) {
  const clock = { now: 0 };
  const timers: { at: number; fire: () => void }[] = [];
  const after = (ms: number) => new Promise<void>((resolve) => timers.push({ at: clock.now + ms, fire: resolve }));
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  const loads: number[] = [];
  const stats = { running: 0, mostRunning: 0, timersSet: 0 };
  let upstream: Upstream = () => Promise.resolve();
  const cache = new RefreshCache<string, string>({
    ttlMs: options.ttlMs ?? 1_000,
    staleIfErrorMs: options.staleIfErrorMs ?? 600_000,
    retryAfterFailureMs: Math.min(options.ttlMs ?? 1_000, 5_000),
    staleGraceMs: options.graceMs ?? 50,
    now: () => clock.now,
    setTimer: (fire, ms) => {
      stats.timersSet += 1;
      timers.push({ at: clock.now + ms, fire });
    },
    load: async (key) => {
      loads.push(clock.now);
      stats.running += 1;
      stats.mostRunning = Math.max(stats.mostRunning, stats.running);
      try {
        await upstream(after);
        return `${key}@${clock.now}`;
      } finally {
        stats.running -= 1;
      }
    },
  });
  const advance = async (ms: number) => {
    const until = clock.now + ms;
    for (;;) {
      await flush();
      const next = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
      if (next === undefined) break;
      timers.splice(timers.indexOf(next), 1);
      clock.now = Math.max(clock.now, next.at);
      next.fire();
    }
    clock.now = until;
    await flush();
  };
  /** Sends a request every `everyMs` for `forMs`, and the answers with their latency on the fake clock. */
  const load = async (forMs: number, everyMs = 10) => {
    const answers: { value?: string; state?: string; error?: string; latencyMs: number; sentAt: number }[] = [];
    for (let t = 0; t < forMs; t += everyMs) {
      const sentAt = clock.now;
      cache.get('a').then(
        (lookup) => answers.push({ value: lookup.value, state: lookup.state, latencyMs: clock.now - sentAt, sentAt }),
        (error: Error) => answers.push({ error: error.message, latencyMs: clock.now - sentAt, sentAt }),
      );
      await advance(everyMs);
    }
    await advance(DEADLINE_MS * 2); // lets the last requests settle
    return answers;
  };
  return {
    cache,
    clock,
    loads,
    stats,
    advance,
    load,
    upstream: (next: Upstream) => void (upstream = next),
  };
}

describe('RefreshCache with a stale grace', () => {
  it.each(Object.keys(UPSTREAMS))(
    'answers from the stale copy within the grace while the upstream %s, one load at a time',
    async (name) => {
      const t = graceSetup();
      await t.cache.get('a');
      t.upstream(UPSTREAMS[name]!);
      await t.advance(1_000); // past the TTL
      const answers = await t.load(12_000);
      expect(answers).toHaveLength(1_200);
      expect(answers.every((a) => a.value === 'a@0' && a.state === 'stale')).toBe(true);
      expect(Math.max(...answers.map((a) => a.latencyMs))).toBeLessThanOrEqual(50);
      // Only requests that arrive in the first 50 ms of a load wait at all.
      expect(answers.filter((a) => a.latencyMs > 0).length).toBeLessThanOrEqual(5 * t.loads.length);
      expect(t.stats.mostRunning).toBe(1);
      // A new load only after the last one failed and the 1 s pause (min(TTL, 5 s)) has passed.
      for (let i = 1; i < t.loads.length; i += 1) expect(t.loads[i]! - t.loads[i - 1]!).toBeGreaterThanOrEqual(1_000);
      expect(t.loads.length).toBeGreaterThanOrEqual(2);
    },
  );

  it('prefers a fresh value that arrives within the grace', async () => {
    const t = graceSetup();
    await t.cache.get('a');
    t.upstream((after) => after(30));
    await t.advance(1_000);
    const answers = await t.load(100);
    expect(answers[0]).toMatchObject({ value: 'a@1030', state: 'fetched', latencyMs: 30 });
    expect(answers.every((a) => a.value === 'a@1030')).toBe(true);
    expect(t.loads).toHaveLength(2);
  });

  it('serves the copy once the grace is over, and the fresh value once a slow load brings it', async () => {
    const t = graceSetup();
    await t.cache.get('a');
    t.upstream((after) => after(2_000));
    await t.advance(1_000);
    const answers = await t.load(3_000);
    const during = answers.filter((a) => a.sentAt < 3_000);
    expect(during.every((a) => a.value === 'a@0' && a.state === 'stale' && a.latencyMs <= 50)).toBe(true);
    expect(answers.filter((a) => a.sentAt >= 3_000).every((a) => a.value === 'a@3000')).toBe(true);
    expect(t.loads).toEqual([0, 1_000]);
  });

  it('sets one timer per load: callers after the grace answer at once, the first ones share it', async () => {
    const t = graceSetup();
    await t.cache.get('a');
    t.upstream(UPSTREAMS['hangs until the deadline']!);
    await t.advance(1_000);
    const first = [t.cache.get('a'), t.cache.get('a')];
    await t.advance(20);
    first.push(t.cache.get('a'));
    await t.advance(30);
    expect(await Promise.all(first)).toMatchObject([{ state: 'stale' }, { state: 'stale' }, { state: 'stale' }]);
    await t.advance(100);
    for (let i = 0; i < 100; i += 1) await expect(t.cache.get('a')).resolves.toMatchObject({ state: 'stale' });
    expect(t.stats.timersSet).toBe(1);
  });

  it('marks a copy served past the grace as loading: the late load replaces it the moment it lands', async () => {
    const t = graceSetup();
    await t.cache.get('a');
    t.upstream(UPSTREAMS['hangs until the deadline']!);
    await t.advance(1_000);
    const first = t.cache.get('a');
    await t.advance(50);
    expect(await first).toMatchObject({ state: 'stale', holdsForMs: 0, loading: true });
    await t.advance(10);
    expect(await t.cache.get('a')).toMatchObject({ state: 'stale', holdsForMs: 0, loading: true });
    await t.advance(DEADLINE_MS); // the load fails: the copy is held for the pause
    expect(await t.cache.get('a')).toMatchObject({ state: 'stale', loading: false, holdsForMs: 1_000 - 60 });
  });

  it('waits for the load, however long, when the copy is older than stale-if-error', async () => {
    const t = graceSetup({ staleIfErrorMs: 2_000 });
    await t.cache.get('a');
    t.upstream(UPSTREAMS['hangs until the deadline']!);
    await t.advance(2_000);
    const answers = await t.load(10, 10);
    expect(answers).toEqual([{ error: 'timeout', latencyMs: DEADLINE_MS, sentAt: 2_000 }]);
  });

  it('never serves stale with stale-if-error 0', async () => {
    const t = graceSetup({ staleIfErrorMs: 0 });
    await t.cache.get('a');
    t.upstream(UPSTREAMS['hangs until the deadline']!);
    await t.advance(1_000);
    const answers = await t.load(100);
    expect(answers.every((a) => a.error === 'timeout')).toBe(true);
    expect(answers[0]!.latencyMs).toBe(DEADLINE_MS);
  });

  it('with TTL 0, asks upstream for every request that finds no load running, and serves what it brings', async () => {
    const t = graceSetup({ ttlMs: 0 });
    t.upstream((after) => after(5));
    const answers = await t.load(100, 20);
    expect(answers.every((a) => a.state === 'fetched' && a.latencyMs === 5)).toBe(true);
    expect(t.loads).toHaveLength(5);
  });
});
