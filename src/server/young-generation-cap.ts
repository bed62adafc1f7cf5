import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** Whether a `gc` performance entry is a scavenge, the collection that grows the young generation. */
const isScavenge = (entry: PerformanceEntry): boolean =>
  (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR;

/** V8's own factor: the young generation doubles when a scavenge finds it too small. */
const V8_GROWTH_FACTOR = 2;

/**
 * Caps V8's new space at `maxMb` from inside the process (`--max-semi-space-size` works only on the command line):
 * after each scavenge the growth factor is 1 once the cap is reached, 2 again below it. A scavenge reports after
 * growing, so the space may overshoot by about one doubling.
 */
export function capYoungGeneration(maxMb: number): PerformanceObserver {
  const max = maxMb * 1024 * 1024;
  let growing = true;
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntries().some(isScavenge)) return;
    const size = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
    if (size < max === growing) return;
    growing = size < max;
    setFlagsFromString(`--semi-space-growth-factor=${growing ? V8_GROWTH_FACTOR : 1}`);
  });
  observer.observe({ entryTypes: ['gc'] });
  return observer;
}

/** Whether the operator sized the young generation themselves (command line or `NODE_OPTIONS`). */
export const youngGenerationConfigured = (execArgv: readonly string[], nodeOptions = ''): boolean =>
  [...execArgv, nodeOptions].some((option) => /semi[-_]space/.test(option));
