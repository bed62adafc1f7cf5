// Two containers of the image behind nginx (docs/deployment.md's nginx block verbatim), one
// rolling restart under load: each container in turn stopped with `podman stop -t 30` and
// replaced on the same address. The shape that scales out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvSchema } from '../../src/lib/config/env-schema.ts';
import { closeMixedLoad, startMixedLoad } from '../helpers/mixed-load.ts';
import { documentedNginxConfig, startNginx, type RunningNginx } from '../helpers/nginx.ts';
import { imagesUnderTest, procStatus, runContainer, type RunningContainer } from '../helpers/podman.ts';

const { image } = imagesUnderTest();
const { SHUTDOWN_TIMEOUT_S } = EnvSchema.parse({});
/** The readiness delay after SIGTERM, short as in zero-loss-restart.test.ts; the deadline stays the default. */
const DELAY_S = 2;
/** nginx and the CDN in front of it: the containers trust both hops. */
const ENV = { TRUST_PROXY: '2', SHUTDOWN_DELAY_S: String(DELAY_S), BASE_URL: 'https://catalog.example.com' };
/** docs/deployment.md's run: read-only root, a tmpfs for V8's compile cache, the manifests' memory limit. */
const FLAGS = ['--read-only', '--read-only-tmpfs=false', '--tmpfs', '/tmp:rw,size=32m,mode=1777', '--memory', '256m'];

/**
 * How long nginx leaves an instance alone after a refused connection (the documented block's
 * `fail_timeout`): a rolling restart moves to the next instance only once that has passed since
 * the previous one stopped, or nginx, still avoiding the replacement, has no instance left.
 */
const FAIL_TIMEOUT_S = Number(/fail_timeout=(\d+)s/.exec(documentedNginxConfig())?.[1]);

/** Request log lines a container wrote after its shutdown began. */
const requestsAfterShutdown = (logs: string): number => {
  const lines = logs.split('\n');
  const start = lines.findIndex((line) => line.includes('"event":"shutdown"'));
  return start === -1 ? 0 : lines.slice(start).filter((line) => line.includes('"event":"request"')).length;
};

let containers: RunningContainer[] = [];
let nginx: RunningNginx;

beforeAll(async () => {
  // Each container kept as soon as it runs, so afterAll removes it even when the other fails to start.
  const start = async () => {
    const container = await runContainer(image, { env: ENV, flags: FLAGS });
    containers.push(container);
    return container;
  };
  await Promise.all([start(), start()]);
  nginx = await startNginx(containers.map(({ port }) => `127.0.0.1:${port}`));
}, 60_000);

afterAll(async () => {
  closeMixedLoad();
  await nginx?.stop();
  for (const container of containers) container.remove();
});

describe('two containers behind nginx, one rolling restart', () => {
  it('loses no request: each container stopped mid-load exits 0 after draining, its replacement takes over', async () => {
    const load = startMixedLoad(nginx.port);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const stops: Array<{ exitCode: number; stoppedAfterMs: number; servedAfterSignal: number; signalled: boolean }> =
      [];
    for (const [index, old] of [...containers].entries()) {
      const stopped = await old.stop();
      const nginxRetriesAt = performance.now() + FAIL_TIMEOUT_S * 1000;
      const logs = old.logs();
      stops.push({
        ...stopped,
        servedAfterSignal: requestsAfterShutdown(logs),
        signalled: logs.includes('"signal":"SIGTERM"'),
      });
      old.remove();
      // The replacement: same image, same address, as an orchestrator's rolling update does.
      containers[index] = await runContainer(image, { env: ENV, flags: FLAGS, port: old.port });
      const wait = index < containers.length - 1 ? nginxRetriesAt - performance.now() + 500 : 1_000;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, wait)));
    }
    const peakMb = containers.map(({ hostPid }) =>
      Math.round(Number.parseInt(procStatus(hostPid, 'VmHWM'), 10) / 1024),
    );
    const outcomes = await load.stop();

    const failed = outcomes.filter(({ status }) => status !== 200);
    console.log(
      `rolling restart: ${outcomes.length} requests, ${failed.length} failed; stops ${stops
        .map(
          (stop) =>
            `${(stop.stoppedAfterMs / 1000).toFixed(1)} s (exit ${stop.exitCode}, ${stop.servedAfterSignal} served after SIGTERM)`,
        )
        .join(', ')}; replacements' peak RSS ${peakMb.join(', ')} MB`,
    );
    expect(failed).toEqual([]);
    expect(outcomes.filter(({ kind }) => kind === 'token').length).toBeGreaterThan(50);
    for (const stop of stops) {
      // The signal reached node (PID 1), which logged it, kept serving through nginx, and drained.
      expect(stop.signalled).toBe(true);
      expect(stop.servedAfterSignal).toBeGreaterThan(20);
      expect(stop.exitCode).toBe(0);
      expect(stop.stoppedAfterMs).toBeGreaterThan(DELAY_S * 1000);
      expect(stop.stoppedAfterMs).toBeLessThan(SHUTDOWN_TIMEOUT_S * 1000);
    }
    expect(nginx.errorLog()).not.toMatch(/reset by peer|prematurely closed|upstream timed out|no live upstreams/);
  }, 120_000);
});
