import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogSink } from '../../src/lib/log/logger.ts';
import { createLogger } from '../../src/lib/log/logger.ts';
import { FixedWindowLimiter } from '../../src/lib/rate-limit/fixed-window-limiter.ts';
import { createHttpServer } from '../../src/server/http/create-http-server.ts';

const servers: Array<{ close(): void }> = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function serve(handler: Parameters<typeof createHttpServer>[0]) {
  const errors: string[] = [];
  const sink: LogSink = { info: () => undefined, error: (line) => void errors.push(line) };
  const server = createHttpServer(handler, {
    baseUrl: 'https://api.example',
    limiter: new FixedWindowLimiter({ limit: 60, windowSeconds: 60, maxClients: 10 }),
    baseline: [['X-Content-Type-Options', 'nosniff']],
    logger: createLogger('info', sink),
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, errors };
}

describe('createHttpServer', () => {
  it.each([
    [
      'throws synchronously',
      () => {
        throw new Error('sync boom');
      },
    ],
    [
      'rejects',
      async () => {
        throw new Error('async boom');
      },
    ],
  ])('answers a handler that %s with a 500 Problem and logs the stack', async (_name, handler) => {
    const { url, errors } = await serve(handler);
    const res = await fetch(`${url}/x`);
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toMatchObject({ code: 'internal_error', type: 'https://api.example/developers#internal-error' });
    expect(JSON.stringify(body)).not.toMatch(/boom|\bat /);
    expect(errors.join('')).toMatch(/unhandled_exception.*boom.*\\n\s+at /s);
  });
});
