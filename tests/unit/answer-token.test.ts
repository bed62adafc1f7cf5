import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleTokenRequest } from '../../src/lib/oauth/token-endpoint.ts';
import * as tokenExchange from '../../src/lib/oauth/token-exchange.ts';
import { answerToken } from '../../src/server/answer-token.ts';
import { readRequestBody } from '../../src/server/read-request-body.ts';
import { FORM, JSON_TYPE, tokenRequest } from '../helpers/token-request.ts';

let port = 0;
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  void answerToken(req, res, ['X-Base', 'yes'], tokenExchange);
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => void server.close());

/** Writes `payload` on one connection and returns what came back once `done` says it is all there. */
const exchange = (payload: string, done: (text: string) => boolean) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(payload));
    socket.on('data', (data) => {
      text += data.toString();
      if (done(text)) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.on('error', reject);
    setTimeout(() => reject(new Error(`only got: ${text.slice(0, 300)}`)), 4000);
  });

/** A complete answer: the head, then a body of the declared length. */
const complete = (text: string) => {
  const length = /content-length: (\d+)/i.exec(text)?.[1];
  const head = text.indexOf('\r\n\r\n');
  return length !== undefined && head !== -1 && text.length - head - 4 >= Number(length);
};

const post = (headers: string, body: string) =>
  `POST /oauth/token HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

/** Status, header block (minus Date and framing) and body of a raw answer. */
function parse(text: string) {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = lines.filter((line) => !/^(date|connection|keep-alive|content-length):/i.test(line));
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/** What the Fetch handler answers to the same request, in the same form. */
async function viaFetch(headers: Record<string, string>, body: string) {
  const response = await handleTokenRequest(tokenRequest({ headers, body }));
  return {
    status: response.status,
    headers: ['X-Base: yes', ...[...response.headers].map(([name, value]) => `${name}: ${value}`)],
    body: await response.text(),
  };
}

describe('answerToken (the token endpoint on node:http)', () => {
  it('issues a token with the base headers first and the no-store headers of RFC 6749 §5.1', async () => {
    const answer = parse(await exchange(post(`Content-Type: ${FORM}\r\n`, 'grant_type=client_credentials'), complete));
    expect(answer.status).toBe(200);
    expect(answer.headers).toEqual([
      'X-Base: yes',
      'cache-control: no-store',
      'content-type: application/json',
      'pragma: no-cache',
    ]);
    expect(JSON.parse(answer.body)).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'catalog.read' });
  });

  it.each([
    ['a missing grant type', { 'Content-Type': FORM }, 'scope=catalog.read'],
    ['an unsupported grant type', { 'Content-Type': FORM }, 'grant_type=password'],
    ['a JSON body', { 'Content-Type': JSON_TYPE }, '{"grant_type":"client_credentials","scope":"nope"}'],
    ['an unsupported content type', { 'Content-Type': 'text/plain' }, 'grant_type=client_credentials'],
    ['a Basic Authorization header', { 'Content-Type': FORM, Authorization: 'Basic YTpi' }, 'grant_type=x'],
    ['bad percent-encoding', { 'Content-Type': FORM }, 'grant_type=%zz'],
  ])('refuses %s exactly as the Fetch handler does', async (_, headers, body) => {
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    const answer = parse(await exchange(post(lines.join(''), body), complete));
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer).toEqual(await viaFetch(headers, body));
  });

  it('refuses a declared body over 4096 bytes with 413 before reading it', async () => {
    const head = `POST /oauth/token HTTP/1.1\r\nHost: x\r\nContent-Type: ${FORM}\r\nContent-Length: 5000\r\n\r\n`;
    const answer = parse(await exchange(head, complete));
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      error: 'invalid_request',
      error_description: 'request body exceeds 4096 bytes',
    });
  });

  it('refuses a chunked body once it passes 4096 bytes and answers the next request on the connection', async () => {
    const head = `POST /oauth/token HTTP/1.1\r\nHost: x\r\nContent-Type: ${FORM}\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const chunks = Array.from({ length: 10 }, () => `3e8\r\n${'p'.repeat(1000)}\r\n`).join('');
    const next = post(`Content-Type: ${FORM}\r\n`, 'grant_type=client_credentials');
    const text = await exchange(`${head}${chunks}0\r\n\r\n${next}`, (got) => got.includes('access_token'));
    expect([...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => match[1])).toEqual(['413', '200']);
  });
});

describe('readRequestBody', () => {
  it('returns the whole body when it is within the limit', async () => {
    const stream = new PassThrough();
    const read = readRequestBody(stream, 10);
    stream.write('abc');
    stream.end('def');
    expect(await read).toEqual({ ok: true, body: Buffer.from('abcdef') });
  });

  it('refuses a body one byte over the limit and keeps draining the rest', async () => {
    const stream = new PassThrough();
    const read = readRequestBody(stream, 5);
    stream.write('abcdef');
    expect(await read).toEqual({ ok: false, reason: 'too_large' });
    stream.end('more');
    await new Promise((resolve) => stream.once('end', resolve));
  });

  it('says a body that breaks off is unreadable', async () => {
    const stream = new PassThrough();
    const read = readRequestBody(stream, 100);
    stream.write('abc');
    stream.destroy(new Error('aborted'));
    expect(await read).toEqual({ ok: false, reason: 'unreadable' });
  });
});
