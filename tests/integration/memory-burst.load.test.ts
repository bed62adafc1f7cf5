import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRuntimeStage } from '../helpers/dockerfile.ts';
import {
  MEMORY_BUDGET_BYTES,
  runMemoryBurst,
  summarize,
  undocumented,
  type BurstAnswers,
  type Wave,
} from '../helpers/memory-burst.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

/**
 * The bursts that got a fresh pod OOM-killed, against a fresh process of the build with the image's memory settings:
 * the memory it allocated (sampled every 50 ms) must stay within the memory budget, and every answer must be a
 * documented one; its whole resident set's peak is logged beside it. The container test (tests/container/memory-burst.test.ts) sends the same requests to the image
 * under its memory limit.
 */

/**
 * What the process holds now, from /proc/<pid>/status (proc(5)), in bytes: `RssAnon`, the memory it allocated, which
 * a memory cgroup charges and an OOM kill is about, and `VmHWM`, the peak of its whole resident set, which also counts
 * the Node binary's and the bundle's file pages (shared, and reclaimable). Undefined once the process has exited.
 */
function memoryOf(pid: number): { anon: number; peakRss: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1]) * 1024;
    return { anon: kb('RssAnon'), peakRss: kb('VmHWM') };
  } catch {
    return undefined;
  }
}

/** How often the peak is read, so that a process that dies of the burst still leaves its last one. */
const SAMPLE_MS = 50;

const mib = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MiB`;

let server: RunningServer;

beforeAll(async () => {
  // The image's environment (NODE_ENV, NODE_OPTIONS' heap limit, MALLOC_ARENA_MAX), read from the Dockerfile; its
  // HOST and PORT stay the test's. Fresh, as a restarted pod is: nothing rendered or prepared beforehand.
  const { HOST: _host, PORT: _port, ...image } = readRuntimeStage().env;
  server = await startServer({ ...image, TRUST_PROXY: '1', PREPARE_PAGES: 'background' });
});

afterAll(async () => {
  await server?.stop();
});

describe('a fresh instance under the bursts every client quota allows', () => {
  it('stays within the memory budget and answers 200, or 503 with Retry-After, each within 10 s', async () => {
    const pid = server.child.pid!;
    let peak = 0;
    let peakRss = 0;
    const sample = () => {
      const now = memoryOf(pid);
      peakRss = Math.max(peakRss, now?.peakRss ?? 0);
      return (peak = Math.max(peak, now?.anon ?? 0));
    };
    const sampler = setInterval(sample, SAMPLE_MS);
    const peaks: Partial<Record<Wave, number>> = {};
    const started = performance.now();
    const answers: BurstAnswers = await runMemoryBurst(server.url, (wave) => (peaks[wave] = sample()));
    const seconds = (performance.now() - started) / 1000;
    sample();
    clearInterval(sampler);
    console.info(
      `memory burst in ${seconds.toFixed(1)} s: ${summarize(answers)}; RssAnon at most ${mib(peak)} ` +
        `(after pages ${mib(peaks.pages ?? 0)}, twins ${mib(peaks.twins ?? 0)}, views ${mib(peaks.views ?? 0)}); ` +
        `VmHWM ${mib(peakRss)}`,
    );

    expect.soft(peak, `RssAnon ${mib(peak)}, budget ${mib(MEMORY_BUDGET_BYTES)}`).toBeLessThan(MEMORY_BUDGET_BYTES);
    expect.soft(server.child.exitCode, server.output.join('').slice(-2000)).toBeNull();
    expect.soft(answers.pages.length).toBeGreaterThanOrEqual(180);
    expect.soft(undocumented(answers).slice(0, 10), summarize(answers)).toEqual([]);
    // One crowd's views never turn another client's view into a 503.
    expect.soft(answers.bystander.map(({ status }) => status)).toEqual(answers.bystander.map(() => 200));
  }, 120_000);
});
