// The image an operator builds from the Dockerfile, run as they would run it: what it
// answers, as whom, on a read-only root, with what inside, and how it stops.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvSchema } from '../../src/lib/config/env-schema.ts';
import {
  imagesUnderTest,
  podman,
  podmanResult,
  procStatus,
  runContainer,
  type RunningContainer,
} from '../helpers/podman.ts';

const { image, base } = imagesUnderTest();
const { SHUTDOWN_TIMEOUT_S } = EnvSchema.parse({});
/** What the image may add on top of its base: the server's build and nothing else. */
const MAX_ADDED_MB = 120;
/** A short readiness delay keeps the stop quick; the drain itself is the image's default. */
const DELAY_S = 1;

/** Whether a TCP connection to `host`:`port` is accepted (false when refused). */
const connects = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port, timeout: 3000 });
    socket.once('connect', () => resolve(true));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(false));
    socket.once('close', () => socket.destroy());
  });

/** Runs `script` with node inside a fresh container of the image, as its own user; exit code and output. */
function nodeInImage(script: string, flags: readonly string[] = []): { status: number; output: string } {
  const run = podmanResult(['run', '--rm', '--no-healthcheck', ...flags, image, 'node', '-e', script]);
  return { status: run.status, output: run.stdout };
}

/** Tries to write each path; prints `path code` per line (`ok` when the write succeeded). */
const tryWrites = (paths: readonly string[]) =>
  `for (const p of ${JSON.stringify(paths)}) { try { require('fs').appendFileSync(p, ''); console.log(p, 'ok'); } catch (e) { console.log(p, e.code); } }`;

let site: RunningContainer;

beforeAll(async () => {
  // As docs/deployment.md runs it: read-only root, a small tmpfs for V8's compile cache only.
  site = await runContainer(image, {
    env: { BASE_URL: 'https://catalog.example.com', TRUST_PROXY: '1', SHUTDOWN_DELAY_S: String(DELAY_S) },
    flags: ['--read-only', '--read-only-tmpfs=false', '--tmpfs', '/tmp:rw,size=32m,mode=1777'],
  });
}, 60_000);

afterAll(() => site?.remove());

describe('the image, run read-only with its catalog origin bundled', () => {
  it('answers /healthz and the catalog on the published port', async () => {
    const health = await fetch(`${site.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const catalog = await fetch(`${site.url}/v1/biomarkers/public`, { headers: { Accept: 'application/json' } });
    expect(catalog.status).toBe(200);
    expect(catalog.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('keeps the catalog origin (4322) private: not published, and not reachable at the container address', async () => {
    expect(podman(['port', site.name])).toBe(`4321/tcp -> 127.0.0.1:${site.port}`);
    expect(await connects(site.address, 4321)).toBe(true);
    expect(await connects(site.address, 4322)).toBe(false);
  });

  it('runs node as PID 1 of the container, as the unprivileged user 1000', () => {
    expect(podman(['exec', site.name, 'cat', '/proc/1/cmdline']).split('\0')[0]).toBe('node');
    expect(procStatus(site.hostPid, 'Uid').split(/\s+/)).toEqual(['1000', '1000', '1000', '1000']);
  });

  it('cannot change its application files, even with a writable root', () => {
    const paths = ['/app/dist/node/main.mjs', '/app/package.json', '/app/new-file', '/app/dist/client/new-file'];
    const { status, output } = nodeInImage(tryWrites(paths));
    expect(status).toBe(0);
    expect(output.trim().split('\n')).toEqual(paths.map((path) => `${path} EACCES`));
  });

  it('writes nowhere but the tmpfs on /tmp, and serves without it too', async () => {
    const writes = podman([
      'exec',
      site.name,
      'node',
      '-e',
      tryWrites(['/tmp/probe', '/home/node/probe', '/app/probe']),
    ]);
    expect(writes.split('\n')).toEqual(['/tmp/probe ok', '/home/node/probe EROFS', '/app/probe EROFS']);
    // Without any writable path: V8's compile cache is skipped, nothing else needs the disk.
    const bare = await runContainer(image, { flags: ['--read-only', '--read-only-tmpfs=false'] });
    try {
      const catalog = await fetch(`${bare.url}/v1/biomarkers/public`, { headers: { Accept: 'application/json' } });
      expect(catalog.status).toBe(200);
    } finally {
      bare.remove();
    }
  });

  it('holds no npm, npx or node_modules: its production dependencies travel bundled in dist/', () => {
    const found = podman([
      'run',
      '--rm',
      '--entrypoint',
      '',
      image,
      'sh',
      '-c',
      'command -v npm npx corepack yarn; find / -xdev -name node_modules -type d -prune 2>/dev/null; true',
    ]);
    expect(found).toBe('');
  });

  it('passes its own HEALTHCHECK (podman healthcheck run)', () => {
    expect(podman(['image', 'inspect', image, '--format', '{{json .Config.Healthcheck.Test}}'])).toMatch(/healthz/);
    expect(podmanResult(['healthcheck', 'run', site.name]).status).toBe(0);
  });

  it(`adds less than ${MAX_ADDED_MB} MB to its base image`, () => {
    const size = (name: string) => Number(podman(['image', 'inspect', name, '--format', '{{.Size}}']));
    const addedMb = (size(image) - size(base)) / 1e6;
    console.log(
      `image ${image}: ${(size(image) / 1e6).toFixed(1)} MB, of which ${addedMb.toFixed(1)} MB on top of ${base} (${(size(base) / 1e6).toFixed(1)} MB)`,
    );
    expect(addedMb).toBeGreaterThan(0);
    expect(addedMb).toBeLessThan(MAX_ADDED_MB);
  });

  it(`stops on podman stop: SIGTERM reaches node, which drains and exits 0 within SHUTDOWN_TIMEOUT_S (${SHUTDOWN_TIMEOUT_S} s)`, async () => {
    const { exitCode, stoppedAfterMs } = await site.stop();
    const logs = site.logs();
    expect(logs).toMatch(/"event":"shutdown"/);
    expect(logs).toMatch(/"event":"stopped"/);
    expect(exitCode).toBe(0);
    expect(stoppedAfterMs).toBeGreaterThan(DELAY_S * 1000);
    expect(stoppedAfterMs).toBeLessThan(SHUTDOWN_TIMEOUT_S * 1000);
  }, 40_000);
});
