import { execFile, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { accepts, freePort } from './start-server.ts';

/** Debian's podman (scripts/container/prepare.sh installs it with runc). */
const PODMAN = '/usr/bin/podman';

/** podman's configuration for these tests (scripts/container/containers.conf). */
export const CONTAINERS_CONF = fileURLToPath(new URL('../../scripts/container/containers.conf', import.meta.url));

/** The image under test and its base, as `npm run test:container` (scripts/test-container.ts) built them. */
export function imagesUnderTest(): { image: string; base: string } {
  const image = process.env['CONTAINER_IMAGE'];
  const base = process.env['CONTAINER_BASE_IMAGE'];
  if (!image || !base) throw new Error('CONTAINER_IMAGE and CONTAINER_BASE_IMAGE unset: run `npm run test:container`');
  return { image, base };
}

/** What one podman command did. */
export interface PodmanResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs `podman args` with the project's containers.conf; never throws. */
export function podmanResult(args: readonly string[]): PodmanResult {
  const run = spawnSync(PODMAN, args, {
    encoding: 'utf8',
    env: { ...process.env, CONTAINERS_CONF },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: run.status ?? 1, stdout: run.stdout ?? '', stderr: run.stderr ?? String(run.error ?? '') };
}

/** Runs `podman args`; throws with its stderr unless it exits 0; returns stdout, trimmed. */
export function podman(args: readonly string[]): string {
  const run = podmanResult(args);
  if (run.status !== 0) throw new Error(`podman ${args.join(' ')}: exit ${run.status}\n${run.stderr}`);
  return run.stdout.trim();
}

/**
 * Runs `podman args` without blocking the event loop (a load generator in the same process
 * keeps sending meanwhile); rejects with its stderr unless it exits 0; resolves with stdout, trimmed.
 */
export function podmanAsync(args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(PODMAN, args, { env: { ...process.env, CONTAINERS_CONF } }, (error, stdout, stderr) =>
      error ? reject(new Error(`podman ${args.join(' ')}: ${error.message}\n${stderr}`)) : resolve(stdout.trim()),
    ),
  );
}

/** A container of the image, its site published on a loopback port of the host. */
export interface RunningContainer {
  name: string;
  /** `http://127.0.0.1:<published port>` */
  url: string;
  port: number;
  /** The container's own address on podman's network. */
  address: string;
  /** The container's main process as the host sees it. */
  hostPid: number;
  /** What the container wrote to stdout and stderr so far. */
  logs(): string;
  /** `podman stop -t 30`: resolves with the exit code and how long the stop took. */
  stop(): Promise<{ exitCode: number; stoppedAfterMs: number }>;
  remove(): void;
}

/** Options of one `podman run`. */
export interface RunOptions {
  env?: Record<string, string>;
  /** Extra `podman run` flags, e.g. `--read-only`. */
  flags?: readonly string[];
  /** Host port to publish the site on (default: a free one). */
  port?: number;
}

let started = 0;

/**
 * `podman run -d` of `image`, publishing 4321 on 127.0.0.1 only; resolves once `/healthz`
 * answers through the published port.
 */
export async function runContainer(image: string, options: RunOptions = {}): Promise<RunningContainer> {
  const port = options.port ?? (await freePort());
  const name = `catalog-test-${process.pid}-${(started += 1)}`;
  const env = Object.entries(options.env ?? {}).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
  await podmanAsync([
    'run',
    '-d',
    '--name',
    name,
    '-p',
    `127.0.0.1:${port}:4321`,
    ...env,
    ...(options.flags ?? []),
    image,
  ]);
  const url = `http://127.0.0.1:${port}`;
  const [address = '', pid] = (
    await podmanAsync(['inspect', name, '--format', '{{.NetworkSettings.IPAddress}} {{.State.Pid}}'])
  ).split(' ');
  const container: RunningContainer = {
    name,
    url,
    port,
    address,
    hostPid: Number(pid),
    logs: () => {
      const run = podmanResult(['logs', name]);
      return run.stdout + run.stderr;
    },
    stop: async () => {
      const startedAt = performance.now();
      await podmanAsync(['stop', '-t', '30', name]);
      const stoppedAfterMs = performance.now() - startedAt;
      const exitCode = Number(await podmanAsync(['inspect', name, '--format', '{{.State.ExitCode}}']));
      return { exitCode, stoppedAfterMs };
    },
    remove: () => void podmanResult(['rm', '-f', '-t', '0', name]),
  };
  const deadline = Date.now() + 30_000;
  while (!(await healthy(url))) {
    if (Date.now() > deadline || (await podmanAsync(['inspect', name, '--format', '{{.State.Running}}'])) !== 'true') {
      const logs = container.logs();
      container.remove();
      throw new Error(`${image} did not answer /healthz on ${url}:\n${logs}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return container;
}

/** Whether `url`/healthz answers 200. */
async function healthy(url: string): Promise<boolean> {
  if (!(await accepts(Number(new URL(url).port)))) return false;
  try {
    return (await fetch(`${url}/healthz`)).status === 200;
  } catch {
    return false;
  }
}

/** A field of /proc/<pid>/status of a process the host sees, e.g. `Uid` or `VmHWM`. */
export function procStatus(pid: number, field: string): string {
  return new RegExp(`^${field}:\\s+(.*)$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '';
}

/** A container's memory as its cgroup counts it (the counter the kernel's OOM killer goes by), in bytes. */
export interface CgroupMemory {
  /** What the cgroup is charged now; undefined once the cgroup is gone (the container exited). */
  current(): number | undefined;
  /** The most it was ever charged (cgroup v2 `memory.peak`, v1 `memory.max_usage_in_bytes`); undefined as above. */
  peak(): number | undefined;
}

/**
 * The memory cgroup of a container's main process (`hostPid`, as the host sees it), whichever cgroup version holds
 * the memory controller: v1's `memory` hierarchy on a hybrid host, else the unified one. `peak` is undefined on a v2
 * kernel older than 5.19 (no `memory.peak`): sample `current` instead.
 */
export function cgroupMemory(hostPid: number): CgroupMemory {
  const lines = readFileSync(`/proc/${hostPid}/cgroup`, 'utf8').split('\n');
  const v1 = lines.map((line) => /^\d+:(?:[^:]*,)?memory(?:,[^:]*)?:(.*)$/.exec(line)?.[1]).find(Boolean);
  const v2 = lines.map((line) => /^0::(.*)$/.exec(line)?.[1]).find(Boolean);
  const [dir, currentFile, peakFile] =
    v1 !== undefined
      ? [`/sys/fs/cgroup/memory${v1}`, 'memory.usage_in_bytes', 'memory.max_usage_in_bytes']
      : [`/sys/fs/cgroup${v2 ?? ''}`, 'memory.current', 'memory.peak'];
  const read = (file: string): number | undefined => {
    try {
      return Number(readFileSync(`${dir}/${file}`, 'utf8'));
    } catch {
      return undefined;
    }
  };
  if (read(currentFile) === undefined) throw new Error(`no memory cgroup for pid ${hostPid} at ${dir}`);
  return { current: () => read(currentFile), peak: () => read(peakFile) };
}
