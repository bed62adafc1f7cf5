import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listen } from '../../src/server/http/create-http-server.ts';
import { runWrk, WRK } from '../../scripts/bench/wrk.ts';

// The benchmark's numbers are only as good as what wrk sends and counts: each request from its own client address,
// the body sent as given, every response counted once under its status.

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

// Needs Debian's wrk, as `npm run bench` does (.ci/run installs it): no silent skip.
describe('the wrk load script', () => {
  it('finds wrk where the benchmark looks for it', () => {
    expect(existsSync(WRK), `${WRK} is missing: apt-get install wrk`).toBe(true);
  });

  it('sends each request from a fresh address, with its body, and counts every status', async () => {
    const seen: { address: string; body: string }[] = [];
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ address: String(req.headers['x-forwarded-for']), body });
        res.writeHead(seen.length % 3 === 0 ? 404 : 200, { 'content-type': 'text/plain' });
        res.end('ok');
      });
    });
    const origin = `http://${await listen(server, 0, '127.0.0.1')}`;
    const result = await runWrk(origin, [{ method: 'POST', path: '/t', headers: {}, body: 'grant_type=x' }], 1);
    expect(result.requests).toBeGreaterThan(100);
    expect(result.socketErrors + result.timeouts).toBe(0);
    // Requests in flight at the end are answered but not counted.
    expect(seen.length - result.requests).toBeLessThanOrEqual(32);
    expect((result.statuses['200'] ?? 0) + (result.statuses['404'] ?? 0)).toBe(result.requests);
    expect(result.statuses['404']).toBeGreaterThan(0);
    expect(new Set(seen.map((request) => request.address)).size).toBe(seen.length);
    expect(seen.every((request) => /^10\.\d+\.\d+\.\d+$/.test(request.address))).toBe(true);
    expect(seen.every((request) => request.body === 'grant_type=x')).toBe(true);
  });
});
