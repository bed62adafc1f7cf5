import { describe, expect, it } from 'vitest';
import { compose, type Step } from '../../../src/server/pipeline.ts';

/** A step that records its name on the way in and out. */
const recording =
  (name: string, seen: string[]): Step<unknown> =>
  (_exchange, next) => {
    seen.push(`${name} in`);
    const done = next();
    seen.push(`${name} out`);
    return done;
  };

describe('the request chain', () => {
  it('runs its steps in order, each around the ones after it', () => {
    const seen: string[] = [];
    expect(compose([recording('a', seen), recording('b', seen)])({})).toBeUndefined();
    expect(seen).toEqual(['a in', 'b in', 'b out', 'a out']);
  });

  it('makes no promise while every step is synchronous', () => {
    const answered: string[] = [];
    const chain = compose<{ path: string }>([
      (_exchange, next) => next(),
      (exchange) => void answered.push(exchange.path),
    ]);
    expect(chain({ path: '/healthz' })).toBeUndefined();
    expect(answered).toEqual(['/healthz']);
  });

  it('stops at a step that answers without calling next', () => {
    const seen: string[] = [];
    expect(compose([recording('a', seen), () => undefined, recording('never', seen)])({})).toBeUndefined();
    expect(seen).toEqual(['a in', 'a out']);
  });

  it('hands on the promise of a step that waits, and runs the rest once it settles', async () => {
    const seen: string[] = [];
    const chain = compose([(_exchange, next) => Promise.resolve().then(next), recording('after', seen)]);
    const done = chain({});
    expect(done).toBeInstanceOf(Promise);
    expect(seen).toEqual([]);
    await done;
    expect(seen).toEqual(['after in', 'after out']);
  });

  it('runs each exchange through the steps on its own', () => {
    const chain = compose<{ steps: number }>([
      (exchange, next) => ((exchange.steps += 1), next()),
      (exchange) => void (exchange.steps += 1),
    ]);
    const first = { steps: 0 };
    const second = { steps: 0 };
    expect(chain(first)).toBeUndefined();
    expect(chain(second)).toBeUndefined();
    expect([first.steps, second.steps]).toEqual([2, 2]);
  });
});
