import { describe, expect, it } from 'vitest';
import { Overloaded, WorkQueue } from '../../../../src/server/store/work-queue.ts';

/** Resolves after the event loop has run `turns` more turns (each a setImmediate). */
const turns = async (count: number) => {
  for (let i = 0; i < count; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

/** A job that stays running until the test lets it finish. */
function heldJob() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

describe('WorkQueue', () => {
  it('serves clients in turn: one client with a hundred jobs delays another client by one job, not a hundred', async () => {
    const queue = new WorkQueue({ concurrency: 1, capacity: 512, maxWaitMs: 60_000 });
    const order: string[] = [];
    const greedy = Array.from({ length: 100 }, (_, i) =>
      queue.run('greedy', () => order.push(`greedy ${i}`), { cost: 0 }),
    );
    const polite = queue.run('polite', () => order.push('polite'), { cost: 0 });
    await Promise.all([...greedy, polite]);
    expect(order.indexOf('polite')).toBeLessThanOrEqual(1);
    expect(order).toHaveLength(101);
  });

  it('runs each job in a turn of the event loop of its own, never a burst back to back', async () => {
    const queue = new WorkQueue({ concurrency: 1, capacity: 512, maxWaitMs: 60_000 });
    let ran = 0;
    const jobs = Array.from({ length: 10 }, () => queue.run('a', () => (ran += 1), { cost: 0 }));
    // The turns after the burst arrived pass first, then one job a turn.
    await turns(2);
    expect(ran).toBeLessThanOrEqual(1);
    await Promise.all(jobs);
    expect(ran).toBe(10);
  });

  it('holds a running place for a costly job until it settles: no more than `concurrency` at once', async () => {
    const queue = new WorkQueue({ concurrency: 2, capacity: 512, maxWaitMs: 60_000 });
    const held = Array.from({ length: 5 }, heldJob);
    let started = 0;
    const jobs = held.map((job, i) =>
      queue.run(`client ${i}`, () => {
        started += 1;
        return job.work();
      }),
    );
    await turns(10);
    expect(started).toBe(2);
    expect(queue.running).toBe(2);
    held[0]!.finish();
    await turns(10);
    expect(started).toBe(3);
    for (const job of held) job.finish();
    await Promise.all(jobs);
    expect(queue.running).toBe(0);
  });

  it("when full, refuses the newest job of the client with most waiting, never a newcomer's", async () => {
    let shed = 0;
    const queue = new WorkQueue({ concurrency: 1, capacity: 4, maxWaitMs: 60_000, onShed: () => (shed += 1) });
    const blocker = heldJob();
    const running = queue.run('blocker', blocker.work);
    const flood = Array.from({ length: 6 }, () => queue.run('flood', () => 'flood'));
    const newcomer = queue.run('newcomer', () => 'newcomer');
    blocker.finish();
    const results = await Promise.allSettled([running, ...flood, newcomer]);
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused).toHaveLength(3);
    for (const result of refused) expect((result as PromiseRejectedResult).reason).toBeInstanceOf(Overloaded);
    expect(results.at(-1)).toEqual({ status: 'fulfilled', value: 'newcomer' });
    expect(shed).toBe(3);
  });

  it('refuses at once a job expected to wait past maxWaitMs, with a Retry-After of whole seconds', async () => {
    const queue = new WorkQueue({ concurrency: 1, capacity: 512, maxWaitMs: 100 });
    const blocker = heldJob();
    const running = queue.run('a', blocker.work);
    // A render is first guessed at tens of ms: a handful fit in 100 ms, more do not.
    const waiting = Array.from({ length: 10 }, (_, i) => queue.run(`client ${i}`, () => i));
    const results = Promise.allSettled(waiting);
    blocker.finish();
    await running;
    const settled = await results;
    const refused = settled.filter((result) => result.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.length).toBeLessThan(10);
    const reason = (refused[0] as PromiseRejectedResult).reason as Overloaded;
    expect(reason.retryAfterS).toBeGreaterThanOrEqual(1);
  });

  it("passes a job's failure to its caller and keeps serving the others", async () => {
    const queue = new WorkQueue({ concurrency: 1, capacity: 512, maxWaitMs: 60_000 });
    const failing = queue.run('a', () => Promise.reject(new Error('render failed')));
    const throwing = queue.run('b', () => {
      throw new Error('view failed');
    });
    const fine = queue.run('c', () => 'fine');
    await expect(failing).rejects.toThrow('render failed');
    await expect(throwing).rejects.toThrow('view failed');
    await expect(fine).resolves.toBe('fine');
    expect(queue.running).toBe(0);
    expect(queue.waiting).toBe(0);
  });
});
