import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, sleep } from '../helpers/eventually.ts';
import { SLOW } from '../helpers/slow.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

/** Resident memory of a process, in MiB (Linux). */
function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1]) / 1024;
}

/** Sends `count` GETs of `path` over `connections` kept-alive connections; resolves when all are answered. */
async function drive(url: string, path: string, count: number, connections: number): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(url);
  let sent = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const req = request({ agent, hostname, port, path }, (res) => {
        res.resume();
        res.once('end', resolve);
      });
      req.once('error', reject);
      req.end();
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (sent < count) {
        sent += 1;
        await one();
      }
    }),
  );
  agent.destroy();
}

/** Lines logged so far with `event`. */
const linesWith = (server: RunningServer, event: string): Record<string, unknown>[] =>
  server.output
    .join('')
    .split('\n')
    .filter((line) => line.includes(`"event":"${event}"`))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** Requests sent while nothing reads stdout: their lines total about 70 MiB (180 MiB with TEST_SLOW). */
const STALLED_REQUESTS = SLOW ? 15_000 : 6_000;

/**
 * Bound on the growth of the server's memory while nothing reads its stdout: the log
 * buffer is 4 MiB, a small part of what the lines above total. A logger that buffers
 * without bound grows by more than all of it (see docs/observability.md).
 */
const MAX_GROWTH_MIB = 48;

describe('logging with a stalled stdout reader', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    server.child.stdout?.resume();
    await server.stop();
  });

  it('keeps memory bounded, drops lines, and logs how many once the reader is back', async () => {
    // 12 KiB paths make each line (and each 429 Problem naming it) large.
    const path = `/stalled-${'x'.repeat(12 * 1024)}`;
    await drive(server.url, path, 200, 4); // warm up
    await sleep(300);
    const before = rssMiB(server.child.pid!);
    server.child.stdout!.pause();
    await drive(server.url, path, STALLED_REQUESTS, 8);
    await sleep(300);
    const growth = rssMiB(server.child.pid!) - before;
    console.log(`RSS growth with stdout stalled: ${growth.toFixed(1)} MiB`);
    expect(growth).toBeLessThan(MAX_GROWTH_MIB);
    server.child.stdout!.resume();
    await eventually(async () => linesWith(server, 'log_lines_dropped').length > 0, 10_000);
    const [report] = linesWith(server, 'log_lines_dropped');
    expect(report).toMatchObject({ level: 'error', stream: 'stdout' });
    expect(report!['count']).toBeGreaterThan(1000);
    // The server still answers and logs after the stall.
    await drive(server.url, '/after-stall', 1, 1);
    await eventually(async () => linesWith(server, 'request').some((line) => line['path'] === '/after-stall'));
  }, 60_000);
});

/**
 * Requests sent before the stop: their lines (12 KiB each) total about 12 MiB, three times the 4 MiB log buffer and
 * the pipe's 64 KiB, so lines are waiting when the signal comes.
 */
const REQUESTS_BEFORE_STOP = 1_000;

describe('stopping with a stalled stdout reader', () => {
  it('exits promptly on SIGTERM instead of waiting for the reader', async () => {
    const server = await startServer();
    try {
      server.child.stdout!.pause();
      await drive(server.url, `/stalled-${'x'.repeat(12 * 1024)}`, REQUESTS_BEFORE_STOP, 8);
      const started = performance.now();
      const code = await server.stop();
      expect(code).toBe(0);
      // Graceful shutdown, then at most 500 ms for the log flush (and a busy machine's margin).
      expect(performance.now() - started).toBeLessThan(5_000);
    } finally {
      server.child.stdout?.resume();
      await server.stop();
    }
  }, 60_000);
});
