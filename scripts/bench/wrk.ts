import { execFile } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's wrk, the load generator of `npm run bench`. */
export const WRK = '/usr/bin/wrk';
const SCRIPT = new URL('./wrk-load.lua', import.meta.url).pathname;
/** Connections of every run, the same in every measurement so runs compare (docs/performance.md). */
export const CONNECTIONS = 32;

/** One request as wrk sends it; the script adds X-Forwarded-For. */
export interface WrkRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** What one wrk run measured. */
export interface WrkResult {
  requests: number;
  seconds: number;
  rps: number;
  /** Latencies in milliseconds. */
  p50: number;
  p99: number;
  max: number;
  /** Connect, read and write errors, and responses that did not come within wrk's timeout. */
  socketErrors: number;
  timeouts: number;
  statuses: Record<string, number>;
}

/** Stops the run with a message naming the package when wrk is missing. */
export function requireWrk(): void {
  try {
    accessSync(WRK, constants.X_OK);
  } catch {
    throw new Error(`npm run bench needs ${WRK}, from Debian's wrk package: apt-get install wrk`);
  }
}

/** The script's request file: heads and bodies separated by "\x1f", requests by "\x1e". */
function requestFile(host: string, requests: readonly WrkRequest[]): string {
  return requests
    .map(({ method, path, headers, body = '' }) => {
      const all = { Host: host, ...headers, ...(body === '' ? {} : { 'Content-Length': String(body.length) }) };
      const head = Object.entries(all).map(([name, value]) => `${name}: ${value}\r\n`);
      return `${method} ${path} HTTP/1.1\r\n${head.join('')}\x1f${body}`;
    })
    .join('\x1e');
}

/** Parses the JSON line `done()` prints into a result. */
export function parseWrkOutput(stdout: string): WrkResult {
  const line = /^BENCH_RESULT (.*)$/m.exec(stdout)?.[1];
  if (line === undefined) throw new Error(`wrk printed no result:\n${stdout}`);
  const raw = JSON.parse(line) as {
    requests: number;
    durationUs: number;
    p50Us: number;
    p99Us: number;
    maxUs: number;
    socketErrors: number;
    timeouts: number;
    statuses: Record<string, number>;
  };
  const seconds = raw.durationUs / 1e6;
  const ms = (us: number) => Math.round(us / 10) / 100;
  return {
    requests: raw.requests,
    seconds,
    rps: raw.requests / seconds,
    p50: ms(raw.p50Us),
    p99: ms(raw.p99Us),
    max: ms(raw.maxUs),
    socketErrors: raw.socketErrors,
    timeouts: raw.timeouts,
    statuses: raw.statuses,
  };
}

/** Next client address of 10.0.0.0/8: each run starts where the last one stopped. */
let nextAddress = 0;

/**
 * Runs `wrk -t1 -c32 -d<seconds>s --latency` against `origin`, sending `requests` in turn,
 * each from a fresh client address.
 */
export async function runWrk(origin: string, requests: readonly WrkRequest[], seconds: number): Promise<WrkResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  const file = join(dir, 'requests');
  writeFileSync(file, requestFile(new URL(origin).host, requests));
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--timeout', '5s', '--latency', '-s', SCRIPT, origin];
  const env = { ...process.env, BENCH_WRK_REQUESTS: file, BENCH_WRK_FIRST_ADDRESS: String(nextAddress) };
  try {
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(WRK, args, { env }, (error, out, err) =>
        error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out),
      ),
    );
    const result = parseWrkOutput(stdout);
    // Requests in flight at the end were sent from addresses too: skip past them.
    nextAddress = (nextAddress + result.requests + CONNECTIONS) % 0x1000000;
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
