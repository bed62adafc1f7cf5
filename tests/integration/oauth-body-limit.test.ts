// The token endpoint's body limit (4096 bytes), in one place: what a client sends
// and gets, in this process; a socket only where framing and the connection are the point.
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSite, type TestSite } from '../helpers/site.ts';
import { FORM, sendToken } from '../helpers/token-request.ts';

const GRANT = 'grant_type=client_credentials';
const TOO_LARGE = { error: 'invalid_request', error_description: 'request body exceeds 4096 bytes' };

/** A form body of exactly `size` bytes: the grant plus an ignored padding parameter. */
const paddedForm = (size: number) => `${GRANT}&pad=${'p'.repeat(size - GRANT.length - 5)}`;

/** A chunked upload of `count` chunks of 1000 bytes. */
const chunks = (count: number) => Array.from({ length: count }, () => `3e8\r\n${'p'.repeat(1000)}\r\n`).join('');

/** The head of a token POST on the wire, with `extra` header lines. */
const head = (extra: string) =>
  `POST /oauth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${FORM}\r\n${extra}\r\n`;

let site: TestSite;
let server: Awaited<ReturnType<TestSite['listen']>>;
beforeAll(async () => {
  site = await createTestSite({ env: { UNREAD_BODY_GRACE_MS: '300' } });
  server = await site.listen();
});
afterAll(() => server.close());

/** Writes `payload` on one connection; resolves with what came back once `done` holds, or the connection closes. */
const exchange = (payload: string, done: (text: string) => boolean) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    const socket = connect(server.port, '127.0.0.1', () => socket.write(payload));
    socket.on('data', (data) => {
      text += data.toString();
      if (done(text)) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
  });

const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => match[1]);

describe('token request body limit: 4096 bytes', () => {
  it('accepts a body of exactly 4096 bytes', async () => {
    expect(paddedForm(4096)).toHaveLength(4096);
    expect((await sendToken({ body: paddedForm(4096), headers: { 'Content-Type': FORM } })).status).toBe(200);
  });

  it('refuses a body of 4097 bytes with 413 invalid_request, never cached', async () => {
    const answer = await sendToken({ body: paddedForm(4097), headers: { 'Content-Type': FORM } });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual(TOO_LARGE);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('pragma')).toBe('no-cache');
  });

  it('accepts a chunked body under the limit', async () => {
    const body = Readable.toWeb(Readable.from([`${GRANT}&pad=`, 'p'.repeat(3000)])) as ReadableStream<Uint8Array>;
    expect((await sendToken({ body, headers: { 'Content-Type': FORM } })).status).toBe(200);
  });

  it('treats a request without a body as an empty one (400, not a 5xx)', async () => {
    const answer = await sendToken({ headers: { 'Content-Type': FORM } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringMatching(/required/),
    });
  });

  it('answers a body that breaks off mid-stream with 400 invalid_request, not a 5xx', async () => {
    const reply = await site.request({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'Content-Type': FORM },
      payload: GRANT,
      simulate: { error: true, end: true, split: false, close: false },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ error: 'invalid_request', error_description: 'request body could not be read' });
  });

  it('refuses a declared Content-Length over the limit at once, without waiting for the body', async () => {
    const text = await exchange(head('Content-Length: 5000\r\n'), (got) => got.includes('}'));
    expect(statuses(text)).toEqual(['413']);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual(TOO_LARGE);
  });

  it('refuses a body declared too large before asking for it (Expect: 100-continue)', async () => {
    const text = await exchange(`${head('Content-Length: 99999\r\nExpect: 100-continue\r\n')}`, (got) =>
      got.includes('}'),
    );
    expect(statuses(text)).toEqual(['413']);
  });

  it('asks for a body within the limit with 100 Continue, then answers it', async () => {
    const text = await new Promise<string>((resolve, reject) => {
      let received = '';
      const socket = connect(server.port, '127.0.0.1', () =>
        socket.write(head(`Content-Length: ${GRANT.length}\r\nExpect: 100-continue\r\nConnection: close\r\n`)),
      );
      socket.on('data', (chunk: Buffer) => {
        const first = received === '';
        received += chunk.toString('utf8');
        if (first && received.startsWith('HTTP/1.1 100 Continue')) socket.write(GRANT);
      });
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
    });
    expect(text).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK/);
    expect(text).toContain('"token_type":"Bearer"');
  });

  it('refuses a chunked body once it passes the limit, and answers the next request on the connection', async () => {
    const next = `${head(`Content-Length: ${GRANT.length}\r\n`)}${GRANT}`;
    const text = await exchange(`${head('Transfer-Encoding: chunked\r\n')}${chunks(1000)}0\r\n\r\n${next}`, (got) =>
      got.includes('access_token'),
    );
    expect(statuses(text)).toEqual(['413', '200']);
  });

  it('refuses a 5 MB streamed upload with 413 (never a 5xx)', async () => {
    const chunk = new TextEncoder().encode('p'.repeat(10_000));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if ((sent += 1) > 500) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': FORM },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(TOO_LARGE);
  });

  it('answers a client trickling a refused body at once, then closes it after UNREAD_BODY_GRACE_MS', async () => {
    const started = Date.now();
    const { received, closedAfterMs } = await new Promise<{ received: string; closedAfterMs: number }>((resolve) => {
      let text = '';
      const socket = connect(server.port, '127.0.0.1', () => socket.write(head('Transfer-Encoding: chunked\r\n')));
      // 1000 bytes every 20 ms, for ever: only the server can end this.
      const trickle = setInterval(() => socket.write(chunks(1)), 20);
      socket.on('data', (data) => (text += data.toString()));
      socket.on('error', () => {}); // the server resets the connection: expected
      socket.on('close', () => {
        clearInterval(trickle);
        resolve({ received: text, closedAfterMs: Date.now() - started });
      });
    });
    expect(statuses(received)).toEqual(['413']);
    expect(received).toContain('request body exceeds 4096 bytes');
    // The unread rest is discarded for 300 ms here, then the socket is closed. Only the grace can close it (the
    // trickle never ends and keeps it active, and Node's requestTimeout stops at the answer), so a server without it
    // fails by the test's timeout, a hundred graces.
    expect(closedAfterMs).toBeGreaterThan(250);
  }, 30_000);
});
