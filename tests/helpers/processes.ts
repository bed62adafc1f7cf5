import type { ChildProcess } from 'node:child_process';

/** Something a test started that it must stop: a server process, nginx, varnishd, redis-server. */
export interface Stoppable {
  stop(): Promise<unknown>;
}

/** How long a stop may take before the process is killed: the servers' own drain deadline is 3 s in tests. */
const STOP_DEADLINE_MS = 10_000;

/** Every child process the test file has started and not yet seen exit, with the stop that ends it gracefully. */
const running = new Map<ChildProcess, () => Promise<unknown>>();

/**
 * Tracks `child` until it exits, so `stopStarted` ends it after the file whatever failed (a start that timed out in
 * a hook, an assertion before the file's own `afterAll`), and the worker's exit kills it if even that did not run.
 */
export function track(child: ChildProcess, stop: () => Promise<unknown>): void {
  if (child.exitCode !== null || child.signalCode !== null) return;
  running.set(child, stop);
  child.once('exit', () => running.delete(child));
}

/** Stops every tracked process still running: its own stop first, SIGKILL once that overruns its deadline. */
export async function stopStarted(): Promise<void> {
  await Promise.all(
    [...running].map(async ([child, stop]) => {
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_DEADLINE_MS);
      try {
        await stop();
      } catch {
        child.kill('SIGKILL');
      } finally {
        clearTimeout(killer);
      }
    }),
  );
}

// The last resort: a worker that exits with processes still tracked kills them (by process id, never by name).
process.once('exit', () => {
  for (const child of running.keys()) child.kill('SIGKILL');
});

/**
 * Awaits starts made at once; when one rejects, stops those that started before rethrowing its error, so a failed
 * start never leaves the others running.
 */
export async function startAll<T extends readonly Stoppable[]>(
  ...starts: { readonly [K in keyof T]: Promise<T[K]> }
): Promise<T> {
  const settled = await Promise.allSettled(starts);
  const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed !== undefined) {
    await Promise.allSettled(
      settled.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)),
    );
    throw failed.reason;
  }
  return settled.map((result) => (result as PromiseFulfilledResult<Stoppable>).value) as unknown as T;
}
