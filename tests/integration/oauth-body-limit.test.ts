import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchAs, startServer, type RunningServer } from '../helpers/start-server.ts';

let server: RunningServer;
let addressCounter = 0;
/** A fresh client address per test, so tests do not share one rate-limit window. */
const client = () => fetchAs(`203.0.113.${100 + ++addressCounter}`);
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };
const post = (body: string) => client()(`${server.url}/oauth/token`, { method: 'POST', headers: FORM, body });

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: '1', UNREAD_BODY_GRACE_MS: '500' });
});
afterAll(async () => {
  await server.stop();
});

describe('token request body limit over HTTP', () => {
  it('refuses a 5000-byte body with 413 and an OAuth error', async () => {
    const response = await post(`grant_type=client_credentials&pad=${'p'.repeat(5000)}`);
    expect(response.status).toBe(413);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      error: 'invalid_request',
      error_description: 'request body exceeds 4096 bytes',
    });
  });

  it('refuses a 5 MB chunked body with 413 (never a 5xx)', async () => {
    const chunk = new TextEncoder().encode('p'.repeat(10_000));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if ((sent += 1) > 500) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await client()(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: FORM,
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('keeps the connection usable after refusing a chunked body', async () => {
    const port = Number(new URL(server.url).port);
    const head = (extra: string) =>
      `POST /oauth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: 203.0.113.250\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\n${extra}\r\n`;
    const chunks = Array.from({ length: 1000 }, () => `3e8\r\n${'p'.repeat(1000)}\r\n`).join('');
    const small = 'grant_type=client_credentials';
    const payload = `${head('Transfer-Encoding: chunked\r\n')}${chunks}0\r\n\r\n${head(`Content-Length: ${small.length}\r\n`)}${small}`;
    const text = await new Promise<string>((resolve, reject) => {
      let received = '';
      const socket = connect(port, '127.0.0.1', () => socket.write(payload));
      socket.on('data', (data) => {
        received += data.toString();
        if ((received.match(/HTTP\/1\.1 \d{3}/g) ?? []).length === 2 && received.includes('access_token')) {
          socket.destroy();
          resolve(received);
        }
      });
      socket.on('error', reject);
      setTimeout(() => reject(new Error(`only got: ${received.slice(0, 200)}`)), 4000);
    });
    expect([...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => match[1])).toEqual(['413', '200']);
  });
});

describe('a client trickling a refused body', () => {
  it('gets its 413 at once and is disconnected within the discard deadline plus the keep-alive timeout', async () => {
    const port = Number(new URL(server.url).port);
    const started = Date.now();
    const { received, closedAfterMs } = await new Promise<{ received: string; closedAfterMs: number }>((resolve) => {
      let text = '';
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          'POST /oauth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: 203.0.113.251\r\n' +
            'Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n',
        );
      });
      // 1000 bytes every 100 ms, for ever: only the server can end this.
      const trickle = setInterval(() => socket.write(`3e8\r\n${'p'.repeat(1000)}\r\n`), 100);
      socket.on('data', (data) => (text += data.toString()));
      socket.on('error', () => {}); // the server resets the connection: expected
      socket.on('close', () => {
        clearInterval(trickle);
        resolve({ received: text, closedAfterMs: Date.now() - started });
      });
    });
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received).toContain('request body exceeds 4096 bytes');
    // The unread rest is discarded for UNREAD_BODY_GRACE_MS (500 ms here), then the socket is closed.
    expect(closedAfterMs).toBeGreaterThan(400);
    expect(closedAfterMs).toBeLessThan(5_000);
  });
});
