import { describe, expect, it } from 'vitest';
import { fetchUpstreamCatalog, UpstreamError } from '../../../../src/lib/catalog/fetch-upstream-catalog.ts';
import { smallCatalog } from '../../../helpers/catalog-fixture.ts';
import { requestVia } from '../../../helpers/fetch-reply.ts';

const ORIGIN = 'http://origin.test';
const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' }, ...init });

async function failure(fetchImpl: typeof fetch, options = {}) {
  try {
    await fetchUpstreamCatalog(ORIGIN, 'public-light-eu', {
      timeoutMs: 300,
      maxBytes: 64 * 1024,
      request: requestVia(fetchImpl),
      ...options,
    });
  } catch (error) {
    expect(error).toBeInstanceOf(UpstreamError);
    return error as UpstreamError;
  }
  throw new Error('expected a failure');
}

/** A body stream that sends one byte and then nothing, ever (until cancelled). */
const trickle = () =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{'));
    },
  });

describe('fetchUpstreamCatalog', () => {
  it('asks for the template and returns the validated catalog', async () => {
    let asked = '';
    const catalog = await fetchUpstreamCatalog(ORIGIN, 'public-v2-light-uk', {
      timeoutMs: 1000,
      maxBytes: 1 << 20,
      request: requestVia(async (url) => {
        asked = String(url);
        return json(smallCatalog());
      }),
    });
    expect(asked).toBe('http://origin.test/v1/biomarkers/public?template=public-v2-light-uk');
    expect(catalog.data).toHaveLength(3);
  });

  it.each([
    ['a refused connection', async () => Promise.reject(new TypeError('fetch failed')), 'unreachable'],
    ['a 500', async () => json({ error: 'x' }, { status: 500 }), 'status'],
    ['a 404', async () => json({}, { status: 404 }), 'status'],
    [
      'an HTML page',
      async () => new Response('<html></html>', { headers: { 'Content-Type': 'text/html' } }),
      'content-type',
    ],
    ['no content type', async () => new Response('{}'), 'content-type'],
    [
      'truncated JSON',
      async () => new Response('{"success":true,"data":[', { headers: { 'Content-Type': 'application/json' } }),
      'invalid-json',
    ],
    [
      'the wrong shape',
      async () => json({ success: true, data: [{ uuid: 'not-a-uuid', translations: [] }] }),
      'invalid-shape',
    ],
    ['success false', async () => json({ success: false, data: [] }), 'invalid-shape'],
    ['a JSON array', async () => json([]), 'invalid-shape'],
    [
      'an announced oversize body',
      async () =>
        new Response('{}', { headers: { 'Content-Type': 'application/json', 'Content-Length': '999999999' } }),
      'too-large',
    ],
    [
      'a streamed oversize body',
      async () => new Response('x'.repeat(100 * 1024), { headers: { 'Content-Type': 'application/json' } }),
      'too-large',
    ],
  ])('turns %s into an UpstreamError', async (_name, fetchImpl, reason) => {
    expect((await failure(fetchImpl as typeof fetch)).reason).toBe(reason);
  });

  it('gives up on a server that never answers when the deadline aborts the request', async () => {
    let signal: AbortSignal | undefined;
    const hang: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        signal = init?.signal ?? undefined;
        signal?.addEventListener('abort', () => reject(signal?.reason));
      });
    const error = await failure(hang);
    expect(error.reason).toBe('timeout');
    expect(error.message).toContain('within 300 ms');
    // Aborted by the deadline's own signal, the one thing that ends a request that never answers.
    expect(signal?.reason).toMatchObject({ name: 'TimeoutError' });
  });

  it('gives up on a body that trickles past the deadline, with the one signal that covers the whole call', async () => {
    let signal: AbortSignal | undefined;
    const slow: typeof fetch = async (_url, init) => {
      signal = init?.signal ?? undefined;
      return new Response(trickle(), { headers: { 'Content-Type': 'application/json' } });
    };
    const error = await failure(slow);
    expect(error.reason).toBe('timeout');
    expect(error.message).toContain('within 300 ms');
    expect(signal?.reason).toMatchObject({ name: 'TimeoutError' });
  });

  it('names where the payload went wrong, without echoing it', async () => {
    const error = await failure(async () => json({ success: true, data: [{ uuid: 'x', translations: [] }] }));
    expect(error.message).toMatch(/data\.0\.uuid/);
  });
});
