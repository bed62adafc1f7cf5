import { describe, expect, it } from 'vitest';
import type { LogSink } from '../../../../src/lib/log/logger.ts';
import { createLogger } from '../../../../src/lib/log/logger.ts';
import { createQuotaLimiter } from '../../../../src/lib/rate-limit/policy-limiters.ts';
import { createHttpServer, injectRequest } from '../../../../src/server/http/create-http-server.ts';

/** A server around `handler` and the error lines it logs; requests are injected, so it never listens. */
function serve(handler: Parameters<typeof createHttpServer>[0]) {
  const errors: string[] = [];
  const sink: LogSink = { info: () => undefined, error: (line) => void errors.push(line) };
  const server = createHttpServer(handler, {
    baseUrl: 'https://api.example',
    limiter: createQuotaLimiter(10),
    baseline: [['X-Content-Type-Options', 'nosniff']],
    logger: createLogger('info', sink),
  });
  return { server, errors };
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
    const { server, errors } = serve(handler);
    const res = await injectRequest(server, '/x');
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ code: 'internal_error', type: 'https://api.example/developers#internal-error' });
    expect(JSON.stringify(body)).not.toMatch(/boom|\bat /);
    expect(errors.join('')).toMatch(/unhandled_exception.*boom.*\\n\s+at /s);
  });
});
