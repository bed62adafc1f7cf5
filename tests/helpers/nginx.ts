import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { accepts, freePort } from './start-server.ts';
import { track } from './processes.ts';

const DEPLOYMENT_DOC = fileURLToPath(new URL('../../docs/deployment.md', import.meta.url));
/** The forwarder of the documented block's `geo`, as tests run it: a client without an address of its own uses it. */
const FORWARDER = '127.0.0.1';
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx'].find((path) => existsSync(path));

/** The nginx configuration that docs/deployment.md recommends: its one `nginx` code block. */
export const documentedNginxConfig = (): string => documentedBlock('nginx');

/** The caching nginx of docs/deployment.md ("Behind a CDN or a cache"): its one `nginx proxy_cache` block. */
const documentedNginxCacheConfig = (): string => documentedBlock('nginx proxy_cache');

function documentedBlock(info: string): string {
  const fence = new RegExp(`\`\`\`${info}\n([\\s\\S]*?)\`\`\``, 'g');
  const blocks = [...readFileSync(DEPLOYMENT_DOC, 'utf8').matchAll(fence)];
  if (blocks.length !== 1) throw new Error(`docs/deployment.md has ${blocks.length} "${info}" blocks, expected 1`);
  return blocks[0]![1]!;
}

/** A real nginx on 127.0.0.1, started and stopped by its process id. */
export interface RunningNginx {
  url: string;
  port: number;
  /** nginx's error log so far. */
  errorLog(): string;
  /** The documented block's access log so far (its `access_log` line, its format). */
  accessLog(): string;
  stop(): Promise<void>;
}

/**
 * Starts Debian's nginx with the documented configuration, included in `http {}` as the block expects: its `server`
 * lines replaced by `upstreams` (host:port), its `listen` by a free loopback port, its forwarder by FORWARDER and its
 * access log's path by one of its own.
 */
export async function startNginx(upstreams: readonly string[]): Promise<RunningNginx> {
  if (NGINX === undefined)
    throw new Error('nginx is not installed (Debian: apt-get install nginx-light; .ci/run does)');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'catalog-nginx-'));
  const documented = documentedNginxConfig();
  const servers = upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=10s;`).join('\n');
  const accessLog = join(dir, 'access.log');
  const site = documented
    .replace(/(?:^ {4}server \S+:\d+[^\n]*\n)+/m, `${servers}\n`)
    .replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${port};`)
    // The tests' clients come as if through a CDN on 127.0.0.1 (their own X-Forwarded-For); other loopback
    // addresses are clients of their own.
    .replace(/^ {4}192\.0\.2\.1 1;$/m, `    ${FORWARDER} 1;`)
    .replace(/^( {4}access_log )\S+( \w+;)$/m, `$1${accessLog}$2`);
  if (![`127.0.0.1:${port}`, upstreams[0]!, `${FORWARDER} 1;`, accessLog].every((part) => site.includes(part)))
    throw new Error('nginx block not rewritten');
  return runNginx(dir, port, site, accessLog);
}

/**
 * Starts Debian's nginx with the documented caching block: its upstream pointed at 127.0.0.1:`backendPort`, its
 * `listen` at a free loopback port, its cache directory in a private temp directory.
 */
export async function startNginxCache(backendPort: number): Promise<RunningNginx> {
  if (NGINX === undefined)
    throw new Error('nginx is not installed (Debian: apt-get install nginx-light; .ci/run does)');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'catalog-nginx-cache-'));
  const site = documentedNginxCacheConfig()
    .replace(/^( {4}server 127\.0\.0\.1:)4321( [^\n]*)$/m, `$1${backendPort}$2`)
    .replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${port};`)
    .replace(/^proxy_cache_path \S+/m, `proxy_cache_path ${join(dir, 'cache')}`);
  if (![`127.0.0.1:${port}`, `127.0.0.1:${backendPort}`, join(dir, 'cache')].every((part) => site.includes(part)))
    throw new Error('nginx cache block not rewritten');
  return runNginx(dir, port, site, join(dir, 'access.log'));
}

/** Runs nginx in the foreground with `site` included in `http {}`, until `stop`. */
async function runNginx(dir: string, port: number, site: string, accessLog: string): Promise<RunningNginx> {
  if (NGINX === undefined)
    throw new Error('nginx is not installed (Debian: apt-get install nginx-light; .ci/run does)');
  writeFileSync(join(dir, 'site.conf'), site);
  const temp = (name: string) => `${name} ${join(dir, name)};`;
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      // As root, workers would run as `nobody` and could not use the private temp directory.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'worker_processes 1;',
      'daemon off;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} info;`,
      'events { worker_connections 4096; }',
      'http {',
      ...['client_body_temp_path', 'proxy_temp_path', 'fastcgi_temp_path', 'uwsgi_temp_path', 'scgi_temp_path'].map(
        (name) => `  ${temp(name)}`,
      ),
      `  include ${join(dir, 'site.conf')};`,
      '}',
    ].join('\n'),
  );
  const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    // SIGQUIT: nginx's graceful stop; by process id, never by name.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  track(child, stop);
  // Measured at a load average of 9: under 0.2 s.
  const deadline = Date.now() + 10_000;
  // Ready once it has written its pid and accepts connections on its port (it retries a
  // bind that fails, and another test's server may hold the port for a moment).
  while (!existsSync(join(dir, 'nginx.pid')) || !(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = readFileSync(join(dir, 'error.log'), 'utf8');
      await stop();
      throw new Error(log);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    errorLog: () => readFileSync(join(dir, 'error.log'), 'utf8'),
    accessLog: () => (existsSync(accessLog) ? readFileSync(accessLog, 'utf8') : ''),
    stop,
  };
}
