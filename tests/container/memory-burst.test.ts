// The bursts that got a fresh pod OOM-killed, against a fresh container of the image under the manifests' memory
// limit: the container must survive them, its cgroup's peak stay within the memory budget, and every answer be a
// documented one. tests/integration/memory-burst.load.test.ts sends the same requests to a process of the build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEMORY_BUDGET_BYTES,
  MEMORY_LIMIT_BYTES,
  runMemoryBurst,
  summarize,
  undocumented,
  type Wave,
} from '../helpers/memory-burst.ts';
import {
  cgroupMemory,
  imagesUnderTest,
  podmanAsync,
  runContainer,
  type CgroupMemory,
  type RunningContainer,
} from '../helpers/podman.ts';

const { image } = imagesUnderTest();
/** How often the cgroup's charge is sampled, for a peak that outlives the cgroup if the container is killed. */
const SAMPLE_MS = 50;
const LIMIT_MIB = MEMORY_LIMIT_BYTES / 1048576;
/** docs/deployment.md's run (read-only root, a tmpfs for V8's compile cache) under the manifests' limit, no swap. */
const FLAGS = [
  '--read-only',
  '--read-only-tmpfs=false',
  '--tmpfs',
  '/tmp:rw,size=32m,mode=1777',
  '--memory',
  `${LIMIT_MIB}m`,
  '--memory-swap',
  `${LIMIT_MIB}m`,
];

/** Reads every file the service maps or loads at start-up. */
const PRIME = 'cat "$(command -v node)" > /dev/null && find /app -type f -exec cat {} + > /dev/null';

const mib = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MiB`;

let site: RunningContainer;
let memory: CgroupMemory;

beforeAll(async () => {
  // The kernel charges a file's pages to the cgroup that first reads them, and reclaims them before it kills anything:
  // read the image's node binary and build once in a throwaway container, so that the peak measured is the service's
  // own memory and the same whichever test ran first, not up to 65 MiB of page cache charged to the first reader.
  await podmanAsync(['run', '--rm', '--no-healthcheck', '--entrypoint', '', image, 'sh', '-c', PRIME]);
  // The image's own settings (its heap limit and malloc arenas); the test's clients are told apart by X-Forwarded-For.
  site = await runContainer(image, {
    env: { TRUST_PROXY: '1', BASE_URL: 'https://catalog.example.com' },
    flags: FLAGS,
  });
  memory = cgroupMemory(site.hostPid);
}, 60_000);

afterAll(() => site?.remove());

describe(`a fresh container under --memory ${LIMIT_MIB}m, the bursts every client quota allows`, () => {
  it('survives, its cgroup peaks within the memory budget, and it answers 200, or 503 with Retry-After, within 10 s', async () => {
    // The peak counter when the kernel keeps one, else (and once the cgroup is gone) the largest sample.
    let peak = 0;
    const sample = () => (peak = Math.max(peak, memory.peak() ?? 0, memory.current() ?? 0));
    const sampler = setInterval(sample, SAMPLE_MS);
    const peaks: Partial<Record<Wave, number>> = {};
    const started = performance.now();
    const answers = await runMemoryBurst(site.url, (wave) => (peaks[wave] = sample()));
    const seconds = (performance.now() - started) / 1000;
    sample();
    clearInterval(sampler);
    const [running, exitCode, oomKilled] = (
      await podmanAsync([
        'inspect',
        site.name,
        '--format',
        '{{.State.Running}} {{.State.ExitCode}} {{.State.OOMKilled}}',
      ])
    ).split(' ');
    console.info(
      `memory burst in ${seconds.toFixed(1)} s: ${summarize(answers)}; cgroup peak ${mib(peak)} ` +
        `(after pages ${mib(peaks.pages ?? 0)}, twins ${mib(peaks.twins ?? 0)}, views ${mib(peaks.views ?? 0)}); ` +
        `running ${running}, exit code ${exitCode}, OOM-killed ${oomKilled}`,
    );

    expect.soft(peak, `cgroup peak ${mib(peak)}, budget ${mib(MEMORY_BUDGET_BYTES)}`).toBeLessThan(MEMORY_BUDGET_BYTES);
    expect.soft({ running, exitCode, oomKilled }).toEqual({ running: 'true', exitCode: '0', oomKilled: 'false' });
    expect.soft(answers.pages.length).toBeGreaterThanOrEqual(180);
    expect.soft(undocumented(answers).slice(0, 10), summarize(answers)).toEqual([]);
    // One crowd's views never turn another client's view into a 503.
    expect.soft(answers.bystander.map(({ status }) => status)).toEqual(answers.bystander.map(() => 200));
  }, 120_000);
});
