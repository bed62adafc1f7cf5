import type { IncomingMessage, ServerResponse } from 'node:http';
import inject from 'light-my-request';
import { Counter, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../../src/lib/log/logger.ts';
import { createMetricsServer } from '../../../../src/server/steps/metrics-server.ts';

// Its timeouts and connection caps need real sockets: tests/integration/metrics-limits.test.ts.

const registry = new Registry();
new Counter({ name: 'test_requests_total', help: 'Requests the test counted.', registers: [registry] }).inc();
const server = createMetricsServer(registry, createLogger('info', { info: () => undefined, error: () => undefined }));
/** The server's request listener: requests are injected, so it never listens. */
const listener = server.listeners('request')[0] as (req: IncomingMessage, res: ServerResponse) => void;

describe('the metrics server', () => {
  it('serves GET and HEAD on /metrics, in the registry’s exposition format, never stored', async () => {
    const get = await inject(listener, '/metrics');
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe(registry.contentType);
    expect(get.headers['cache-control']).toBe('no-store');
    expect(get.payload).toContain('test_requests_total 1');
    const head = await inject(listener, { method: 'HEAD', url: '/metrics' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.rawPayload).toHaveLength(0);
  });

  it('answers any other method on /metrics with 405 and Allow', async () => {
    const post = await inject(listener, { method: 'POST', url: '/metrics' });
    expect(post.statusCode).toBe(405);
    expect(post.headers['allow']).toBe('GET, HEAD');
  });
});
