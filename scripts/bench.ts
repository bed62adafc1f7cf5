// `npm run bench`: the site's catalog GET against a plain node:http server writing the same
// bytes and headers, in the same run on the same machine; prints req/s, p50, p99, the ratio
// and the site's memory. Loopback only, bounded in time.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../tests/helpers/start-server.ts';
import { combine, drive, type LoadResult } from './bench/load.ts';

const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
const WARM_UP_SECONDS = 2;
const ROUNDS = 5;
const ROOT = new URL('../', import.meta.url).pathname;
const HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** Spawns a server and resolves once `probeUrl` answers (whatever the server logs). */
async function spawnReady(args: string[], env: Record<string, string>, probeUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${args[0]} exited ${code}`))),
  );
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const up = await Promise.race([
      fetch(probeUrl).then(
        () => true,
        () => false,
      ),
      exited,
    ]);
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`${args[0]} did not start`);
}

/** GET without any content decoding, so the baseline sends exactly the site's bytes. */
function rawGet(
  target: string,
  requestHeaders: Record<string, string>,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(target, { headers: requestHeaders }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** CPU time (user + system) a process has used, in milliseconds, from /proc (Linux). */
const cpuMs = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 1/100 s
};

/** One server and request the benchmark drives, with what its rounds measured. */
interface Target {
  name: string;
  pid: number;
  url: string;
  headers: Record<string, string>;
  runs: LoadResult[];
  cpuMs: number;
}

/**
 * Drives every target in turn, round after round, so that a slow spell of the machine
 * (other tenants, frequency changes) falls on all of them alike instead of on whichever
 * ran at that moment. Each target first gets the same load for a short warm-up, so no
 * server is measured while V8 still compiles it. Server CPU time comes from /proc.
 */
async function runRounds(targets: Target[]): Promise<void> {
  for (const target of targets) await drive(target.url, target.headers, WARM_UP_SECONDS);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const target of targets) {
      const before = cpuMs(target.pid);
      target.runs.push(await drive(target.url, target.headers, SECONDS / ROUNDS));
      target.cpuMs += cpuMs(target.pid) - before;
    }
  }
}

/** A target's rounds as one result, plus the server's CPU microseconds per request (a figure other load barely moves). */
function total(target: Target): LoadResult & { cpuUs: number } {
  const result = combine(target.runs);
  return { ...result, cpuUs: Math.round((target.cpuMs * 1000) / Math.max(1, result.requests)) };
}

const rssMb = (pid: number) => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb === undefined ? Number.NaN : Math.round(Number(kb) / 1024);
};

const row = (name: string, r: LoadResult & { cpuUs: number }) =>
  `${name.padEnd(28)} ${String(Math.round(r.rps)).padStart(8)} ${`${r.p50} ms`.padStart(9)} ${`${r.p90} ms`.padStart(9)} ${`${r.p99} ms`.padStart(9)} ${`${r.max} ms`.padStart(9)} ${`${r.cpuUs} µs`.padStart(9)} ${String(r.requests).padStart(9)} ${String(r.errors).padStart(6)}  ${JSON.stringify(r.statuses)}`;

const sitePort = await freePort();
const site = await spawnReady(
  ['src/server/main.ts'],
  {
    PORT: String(sitePort),
    HOST: '127.0.0.1',
    CATALOG_ORIGIN_PORT: String(await freePort()),
    TRUST_PROXY: '1',
    LOG_LEVEL: process.env['BENCH_LOG_LEVEL'] ?? 'info',
    METRICS_PORT: process.env['BENCH_METRICS_PORT'] ?? 'off',
  },
  `http://127.0.0.1:${sitePort}/healthz`,
);
const url = `http://127.0.0.1:${sitePort}/v1/biomarkers/public?template=public-complete-eu`;
const gzip = { 'accept-encoding': 'gzip' };
// Warm up: Astro renders the first response, the fast path answers the rest.
const sample = await rawGet(url, { ...gzip, 'x-forwarded-for': '192.0.2.1' });
const body = sample.body;
const headers = Object.fromEntries(
  Object.entries(sample.headers).filter(
    (entry): entry is [string, string] => !HOP.has(entry[0]) && typeof entry[1] === 'string',
  ),
);
const fixture = join(tmpdir(), `bench-fixture-${process.pid}.json`);
writeFileSync(fixture, JSON.stringify({ headers, body: body.toString('base64') }));
const plainPort = await freePort();
const plain = await spawnReady(
  ['scripts/bench/plain-server.ts', fixture, String(plainPort)],
  {},
  `http://127.0.0.1:${plainPort}/`,
);

try {
  const etag = headers['etag'] ?? '';
  console.log(
    `catalog: ${body.length} bytes gzip (${headers['content-encoding']}), 32 connections, ` +
      `${SECONDS} s per target in ${ROUNDS} interleaved rounds, after a ${WARM_UP_SECONDS} s warm-up each\n`,
  );
  console.log(
    `${'run'.padEnd(28)} ${'req/s'.padStart(8)} ${'p50'.padStart(9)} ${'p90'.padStart(9)} ${'p99'.padStart(9)} ${'max'.padStart(9)} ${'cpu/req'.padStart(9)} ${'requests'.padStart(9)} ${'errors'.padStart(6)}  statuses`,
  );
  const target = (name: string, pid: number, targetUrl: string, requestHeaders: Record<string, string>): Target => ({
    name,
    pid,
    url: targetUrl,
    headers: requestHeaders,
    runs: [],
    cpuMs: 0,
  });
  const targets = [
    target(
      'plain node:http (baseline)',
      plain.pid!,
      `http://127.0.0.1:${plainPort}${new URL(url).pathname}${new URL(url).search}`,
      gzip,
    ),
    target('site catalog GET', site.pid!, url, gzip),
    target('site catalog 304', site.pid!, url, { ...gzip, 'if-none-match': etag }),
  ];
  await runRounds(targets);
  const [baseline, ours, notModified] = targets.map(total) as [
    ReturnType<typeof total>,
    ReturnType<typeof total>,
    ReturnType<typeof total>,
  ];
  for (const [index, result] of [baseline, ours, notModified].entries()) console.log(row(targets[index]!.name, result));
  const roundRatios = targets[1]!.runs.map((run, index) => (run.rps / targets[0]!.runs[index]!.rps).toFixed(2));
  const ratio = ours.rps / baseline.rps;
  const lost = ours.errors + (ours.requests - (ours.statuses['200'] ?? 0));
  console.log(`\nratio site/plain: ${ratio.toFixed(2)}x req/s (target >= 0.50x): ${ratio >= 0.5 ? 'met' : 'NOT met'}`);
  console.log(`  per round: ${roundRatios.join(' ')}`);
  console.log(`server CPU per request, plain/site: ${(baseline.cpuUs / Math.max(1, ours.cpuUs)).toFixed(2)}x`);
  console.log(`site p99: ${ours.p99} ms (target < 10 ms): ${ours.p99 < 10 ? 'met' : 'NOT met'}`);
  console.log(`requests not answered 200: ${lost} (target 0): ${lost === 0 ? 'met' : 'NOT met'}`);
  console.log(`site memory after the runs: ${rssMb(site.pid!)} MB RSS (baseline server: ${rssMb(plain.pid!)} MB)`);
} finally {
  site.kill('SIGTERM');
  plain.kill('SIGTERM');
}
