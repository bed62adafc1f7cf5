import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { accepts, freePort } from './start-server.ts';
import { track } from './processes.ts';

const SHIPPED_VCL = fileURLToPath(new URL('../../deploy/cdn/varnish.vcl', import.meta.url));
const VARNISHD = ['/usr/sbin/varnishd', '/usr/local/sbin/varnishd'].find((path) => existsSync(path));
const VARNISHSTAT = ['/usr/bin/varnishstat', '/usr/local/bin/varnishstat'].find((path) => existsSync(path));

/** A real varnishd on 127.0.0.1 running the shipped VCL, started and stopped by its process id. */
export interface RunningVarnish {
  url: string;
  port: number;
  /** The manager's process id (`varnishd -F`); the cache process that serves is its child. */
  readonly pid: number;
  /** varnishd's counters (`varnishstat -j`), e.g. `MAIN.cache_hit`, `MAIN.backend_req`. */
  counters(): Record<string, number>;
  stop(): Promise<void>;
}

/** The shipped VCL with its backend pointed at 127.0.0.1:`backendPort`: the one rewrite a test makes. */
function shippedVcl(backendPort: number): string {
  const vcl = readFileSync(SHIPPED_VCL, 'utf8');
  const rewritten = vcl.replace(/(\.host = "127\.0\.0\.1";\s*\.port = ")4321(";)/, `$1${backendPort}$2`);
  if (rewritten === vcl) throw new Error('deploy/cdn/varnish.vcl: backend 127.0.0.1:4321 not found');
  return rewritten;
}

/**
 * Starts Debian's varnishd in the foreground with the shipped VCL (backend rewritten), as the VCL's header says to
 * run it (`-p http_gzip_support=off`), with its own working directory and no management port.
 */
export async function startVarnish(backendPort: number): Promise<RunningVarnish> {
  if (VARNISHD === undefined)
    throw new Error('varnishd is not installed (Debian: apt-get install varnish; .ci/run does)');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'catalog-varnish-'));
  const vcl = join(dir, 'catalog.vcl');
  writeFileSync(vcl, shippedVcl(backendPort));
  const workdir = join(dir, 'work');
  const args = [
    '-F',
    // No privilege separation: the tests run as whoever runs them, root or not.
    '-j',
    'none',
    '-n',
    workdir,
    '-a',
    `127.0.0.1:${port}`,
    '-T',
    'none',
    '-f',
    vcl,
    '-p',
    'http_gzip_support=off',
    '-s',
    'malloc,64m',
  ];
  const child: ChildProcess = spawn(VARNISHD, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    // By process id, never by name: the manager stops its child.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killer);
    rmSync(dir, { recursive: true, force: true });
  };
  track(child, stop);
  // The VCL is compiled with a C compiler at start: up to 3 s measured at a load average of 9.
  const deadline = Date.now() + 30_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`varnishd did not start on ${port}:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    counters: () => {
      if (VARNISHSTAT === undefined) throw new Error('varnishstat is not installed (it comes with varnish)');
      const run = spawnSync(VARNISHSTAT, ['-n', workdir, '-j'], { encoding: 'utf8' });
      const parsed = JSON.parse(run.stdout) as { counters?: Record<string, { value: number }> };
      return Object.fromEntries(Object.entries(parsed.counters ?? {}).map(([name, { value }]) => [name, value]));
    },
    stop,
  };
}
