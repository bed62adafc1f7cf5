import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest } from '../helpers/raw-http.ts';
import { startInProcess, type InProcessServer } from '../helpers/site.ts';

/**
 * HTTP/1.1 framing at the edges, sent byte for byte: the request-target forms of RFC 9112 §3.2 and the header
 * fields that make a request invalid before any route sees it. Requests Node's parser refuses, and hostile
 * connections, are in `hostile-clients.test.ts`; path tricks and near misses of a page in `canonical-redirects.test.ts`.
 */
let server: InProcessServer;

beforeAll(async () => {
  server = await startInProcess();
});
afterAll(async () => {
  await server.stop();
});

const send = (request: string) => rawRequest(server.url, request);

describe('request targets', () => {
  it('accepts the absolute-form of a request target (RFC 9112 §3.2.2)', async () => {
    const response = await send(
      'GET http://api.example/healthz HTTP/1.1\r\nHost: api.example\r\nConnection: close\r\n\r\n',
    );
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ status: 'ok' });
  });

  it('answers OPTIONS * with the methods of the server', async () => {
    const response = await send('OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(response.status).toBe(204);
    expect(response.headers['allow']).toBe('GET, HEAD, POST, OPTIONS');
    expect(response.headers['ratelimit-policy']).toBeDefined();
  });

  it('refuses a request target that does not decode, with a 400 Problem', async () => {
    const response = await send('GET /%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toMatchObject({ code: 'bad_request' });
  });
});

describe('header fields', () => {
  it.each([
    [
      'two Host headers',
      'GET /healthz HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\nConnection: close\r\n\r\n',
      400,
    ],
    ['no Host header', 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n', 400],
    [
      'an expectation other than 100-continue',
      'GET /healthz HTTP/1.1\r\nHost: x\r\nExpect: foo\r\nConnection: close\r\n\r\n',
      417,
    ],
  ])('refuses a request with %s with a logged Problem carrying every header', async (_name, request, status) => {
    const response = await send(request);
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toBe('application/problem+json');
    expect(response.headers['x-request-id']).toBeDefined();
    expect(response.headers['ratelimit-policy']).toBeDefined();
    expect(JSON.parse(response.body)).toMatchObject({ status, type: expect.stringContaining('#bad-request') });
  });
});
