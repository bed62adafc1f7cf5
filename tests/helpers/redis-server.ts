import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accepts, freePort } from './start-server.ts';
import { track } from './processes.ts';

const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server', '/usr/bin/valkey-server'].find((path) =>
  existsSync(path),
);

/** A real Redis (or Valkey) server on 127.0.0.1, with a configuration file the test wrote; stopped by its process id. */
export interface RunningRedis {
  port: number;
  /** The server's process id (the benchmark reads its CPU time). */
  readonly pid: number;
  /** `redis://127.0.0.1:<port>` (with the password when one was set). */
  url: string;
  /** Kills it (SIGKILL, as a crash) and waits for the exit; `restart` brings it back. */
  crash(): Promise<void>;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
  /** Kills it and removes its files. */
  stop(): Promise<void>;
}

/** Settings of a test's store: a memory limit and policy (a tiny one with `noeviction` makes writes fail), a password. */
export interface RedisSettings {
  maxmemory?: string;
  policy?: 'noeviction' | 'volatile-ttl' | 'allkeys-lru';
  password?: string;
  /** A port chosen beforehand (a test that points an instance at the store before it runs); a free one by default. */
  port?: number;
}

/** Starts Debian's redis-server without persistence (`save ""`, `appendonly no`) on a free loopback port. */
export async function startRedis(settings: RedisSettings = {}): Promise<RunningRedis> {
  if (REDIS_SERVER === undefined) {
    throw new Error('redis-server is not installed (Debian: apt-get install redis-server; .ci/run does)');
  }
  const port = settings.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'catalog-redis-'));
  const config = join(dir, 'redis.conf');
  writeFileSync(
    config,
    [
      `port ${port}`,
      'bind 127.0.0.1',
      'save ""',
      'appendonly no',
      `dir ${dir}`,
      'daemonize no',
      'loglevel warning',
      ...(settings.maxmemory === undefined ? [] : [`maxmemory ${settings.maxmemory}`]),
      `maxmemory-policy ${settings.policy ?? 'volatile-ttl'}`,
      ...(settings.password === undefined ? [] : [`requirepass ${settings.password}`]),
    ].join('\n'),
  );
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const start = async () => {
    const started = spawn(REDIS_SERVER, [config], { stdio: 'ignore' });
    child = started;
    exited = new Promise((resolve) => started.once('exit', () => resolve()));
    track(started, crash);
    // Measured at a load average of 9: under 0.1 s.
    const deadline = Date.now() + 10_000;
    while (!(await accepts(port))) {
      if (started.exitCode !== null || Date.now() > deadline) {
        await crash();
        throw new Error(`redis-server did not start on ${port}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const crash = async () => {
    // By process id, never by name.
    if (child !== undefined && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  await start();
  const auth = settings.password === undefined ? '' : `:${encodeURIComponent(settings.password)}@`;
  return {
    port,
    get pid() {
      return child?.pid ?? 0;
    },
    url: `redis://${auth}127.0.0.1:${port}`,
    crash,
    restart: async () => {
      await crash();
      await start();
    },
    stop: async () => {
      await crash();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
