import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../../../src/lib/log/logger.ts';
import { createQuotaLimiter } from '../../../../src/lib/rate-limit/policy-limiters.ts';
import { createHttpServer } from '../../../../src/server/http/create-http-server.ts';
import { countRequest } from '../../../../src/server/steps/rate-limit.ts';
import type { RequestObservation } from '../../../../src/lib/metrics/service-metrics.ts';
import { createRequestLog, type RequestLogOptions } from '../../../../src/server/steps/request-log.ts';
import { requestPath } from '../../../../src/server/http/request-path.ts';

const closers: Array<() => void> = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

/** A server whose handler `answer`s after the request log has begun, and the lines it logged. */
async function serve(
  answer: (res: import('node:http').ServerResponse) => void,
  options: Partial<RequestLogOptions> = {},
) {
  const lines: Record<string, unknown>[] = [];
  const observed: RequestObservation[] = [];
  const logger: Logger = { info: (_event, fields) => void lines.push(fields ?? {}), error: () => undefined };
  const requestLog = createRequestLog({
    logger,
    service: 'site',
    trustProxy: 0,
    clientAddress: 'truncated',
    observe: (request) => void observed.push(request),
    ...options,
  });
  const limiter = createQuotaLimiter(10);
  const step = { limiter, trustProxy: options.trustProxy ?? 0, baseline: [] };
  const server = createHttpServer(
    (req, res) => {
      const { address } = countRequest(req, step);
      res.setHeader('X-Request-Id', requestLog.begin(req, res, requestPath(req.url), address, 'catalog'));
      answer(res);
    },
    { baseUrl: 'https://api.example', limiter, baseline: [], logger, requestLog },
  );
  closers.push(() => server.close());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, lines, observed, requestLog };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('createRequestLog', () => {
  it('gives a 413 its reason, body_too_large', async () => {
    const t = await serve((res) => res.writeHead(413, { 'Content-Length': 0 }).end());
    await (await fetch(`${t.url}/oauth/token`, { method: 'POST', body: 'x' })).text();
    await settle();
    expect(t.lines[0]).toMatchObject({ path: '/oauth/token', status: 413, reason: 'body_too_large' });
    expect(t.lines[0]).not.toHaveProperty('aborted');
  });

  it('logs method, path without query, template, status, bytes, duration, id and truncated client', async () => {
    const t = await serve((res) => res.writeHead(200, { 'Content-Length': 5 }).end('hello'));
    const response = await fetch(`${t.url}/v1/biomarkers/public?template=public-light-eu&token=secret`);
    await response.text();
    await settle();
    expect(t.lines).toHaveLength(1);
    const line = t.lines[0]!;
    expect(Object.keys(line)).toEqual([
      'service',
      'method',
      'path',
      'template',
      'status',
      'bytes',
      'durationMs',
      'requestId',
      'client',
    ]);
    expect(line).toMatchObject({
      service: 'site',
      method: 'GET',
      path: '/v1/biomarkers/public',
      template: 'public-light-eu',
      status: 200,
      client: '127.0.0.0/24',
      requestId: response.headers.get('x-request-id'),
    });
    expect(line['bytes']).toBeGreaterThan(5); // headers and body, as sent
    expect(typeof line['durationMs']).toBe('number');
    expect(JSON.stringify(t.lines)).not.toContain('secret');
    expect(t.observed).toEqual([{ route: 'catalog', status: 200, durationS: expect.any(Number) }]);
  });

  it('names no template for other paths or an invalid template', async () => {
    const t = await serve((res) => res.writeHead(204).end());
    await fetch(`${t.url}/healthz?template=public-light-eu`);
    await fetch(`${t.url}/v1/biomarkers/public?template=nope`);
    await settle();
    expect(t.lines.map((line) => line['template'])).toEqual([undefined, undefined]);
  });

  it('takes a well-formed X-Request-Id from a trusted proxy and echoes it', async () => {
    const t = await serve((res) => res.writeHead(204).end(), { trustProxy: 1 });
    const trusted = await fetch(t.url, {
      headers: { 'X-Request-Id': 'proxy-id-42', 'X-Forwarded-For': '198.51.100.7' },
    });
    const forged = await fetch(t.url, { headers: { 'X-Request-Id': 'bad id' } });
    await settle();
    expect(trusted.headers.get('x-request-id')).toBe('proxy-id-42');
    expect(forged.headers.get('x-request-id')).not.toBe('bad id');
    expect(t.lines[0]).toMatchObject({ requestId: 'proxy-id-42', client: '198.51.100.0/24' });
  });

  it('generates the id without a trusted proxy, whatever the client sends', async () => {
    const t = await serve((res) => res.writeHead(204).end());
    const response = await fetch(t.url, { headers: { 'X-Request-Id': 'chosen-by-client' } });
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]+-\w+$/);
    expect(response.headers.get('x-request-id')).not.toBe('chosen-by-client');
  });

  it('logs the full address when configured to', async () => {
    const t = await serve((res) => res.writeHead(204).end(), { clientAddress: 'full' });
    await fetch(t.url);
    await settle();
    expect(t.lines[0]).toMatchObject({ client: '127.0.0.1' });
  });

  it('logs a request the client abandons as 499, aborted, client_closed', async () => {
    const t = await serve(() => undefined); // never answers
    const socket = connect(Number(new URL(t.url).port), '127.0.0.1');
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await settle();
    socket.destroy();
    await settle();
    expect(t.lines).toEqual([
      expect.objectContaining({ path: '/slow', status: 499, aborted: true, reason: 'client_closed' }),
    ]);
    expect(t.observed[0]).toMatchObject({ status: 499 });
  });

  it('logs a request cut by the socket timeout as 499, aborted, socket_timeout', async () => {
    let cut: (() => void) | undefined;
    const t = await serve((res) => {
      // What the server's timeout listener does: tell the log, then destroy the socket.
      cut = () => {
        expect(t.requestLog.timedOut(res.socket!)).toBe(false); // a response is in flight
        res.socket!.destroy();
      };
    });
    const socket = connect(Number(new URL(t.url).port), '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await settle();
    cut!();
    await settle();
    expect(t.lines).toEqual([expect.objectContaining({ status: 499, aborted: true, reason: 'socket_timeout' })]);
  });

  it('says a timed-out socket holds half a request only when bytes came after the last response', async () => {
    const t = await serve((res) => res.writeHead(204).end());
    const idle = Object.assign(new PassThrough(), { bytesRead: 0 });
    expect(t.requestLog.timedOut(idle)).toBe(false); // nothing received: no request
    const partial = Object.assign(new PassThrough(), { bytesRead: 20 });
    expect(t.requestLog.timedOut(partial)).toBe(true); // half a request head, no response yet
    idle.destroy();
    partial.destroy();
  });
});
