import { describe, expect, it } from 'vitest';
import { combine, misses } from '../../../scripts/bench/report.ts';
import { parseWrkOutput, type WrkResult } from '../../../scripts/bench/wrk.ts';

// The benchmark's numbers are only as good as what it reads from wrk: every response counted
// once under its status (wrk's real run against a server: tests/integration/wrk-load-script.test.ts).

const run = (overrides: Partial<WrkResult>): WrkResult => ({
  requests: 1000,
  seconds: 1,
  rps: 1000,
  p50: 1,
  p99: 2,
  max: 3,
  socketErrors: 0,
  timeouts: 0,
  statuses: { '200': 1000 },
  ...overrides,
});

describe('reading wrk', () => {
  it('turns the line done() prints into requests per second and milliseconds', () => {
    const stdout =
      'Running 2s test @ http://127.0.0.1:1/\n' +
      'BENCH_RESULT {"requests":5000,"durationUs":2000000,"p50Us":1234,"p99Us":4567,"maxUs":9000,' +
      '"socketErrors":1,"timeouts":2,"statuses":{"200":4990,"429":10}}\n';
    expect(parseWrkOutput(stdout)).toEqual({
      requests: 5000,
      seconds: 2,
      rps: 2500,
      p50: 1.23,
      p99: 4.57,
      max: 9,
      socketErrors: 1,
      timeouts: 2,
      statuses: { '200': 4990, '429': 10 },
    });
  });

  it('fails loudly when wrk printed no result', () => {
    expect(() => parseWrkOutput('unable to connect to 127.0.0.1:1 Connection refused\n')).toThrow(/no result/);
  });

  it('counts other statuses, socket errors and timeouts as lost, and names each missed target', () => {
    const site = combine(
      [run({ p99: 4 }), run({ p99: 9, socketErrors: 1, statuses: { '200': 990, '429': 10 } }), run({ p99: 6 })],
      200,
      300,
    );
    expect(site).toMatchObject({ requests: 3000, rps: 1000, p99: 6, lost: 11, cpuUs: 100 });
    const plain = combine([run({ requests: 2000, statuses: { '200': 2000 } })], 200, 0);
    expect(misses(site, plain)).toEqual(['ratio 0.50 < 0.8', 'p99 6 ms > 5 ms', '11 requests lost']);
    expect(misses(plain, plain)).toEqual([]);
  });
});
