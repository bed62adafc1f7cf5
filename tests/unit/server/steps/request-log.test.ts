import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../../../src/lib/log/logger.ts';
import type { RequestObservation } from '../../../../src/lib/metrics/service-metrics.ts';
import { createQuotaLimiter } from '../../../../src/lib/rate-limit/policy-limiters.ts';
import { createHttpServer } from '../../../../src/server/http/create-http-server.ts';
import { requestPath } from '../../../../src/server/http/request-path.ts';
import { countRequest } from '../../../../src/server/steps/rate-limit.ts';
import { createRequestLog, type RequestLogOptions } from '../../../../src/server/steps/request-log.ts';
import { eventually } from '../../../helpers/eventually.ts';
import { FakeConnection } from '../../../helpers/fake-connection.ts';

// A request the client abandons is logged 499 client_closed over a real socket: tests/integration/request-log.test.ts.

/**
 * A server (never listening) whose handler `answer`s after the request log has begun; `request` opens a connection
 * without a socket and sends one request on it.
 */
function serve(answer: (res: ServerResponse) => void, options: Partial<RequestLogOptions> = {}) {
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
  const request = (target: string, headers = '', from?: string) => {
    const connection = new FakeConnection(from).openOn(server);
    connection.send(`GET ${target} HTTP/1.1\r\nHost: x\r\n${headers}\r\n`);
    return connection;
  };
  /** Resolves once `count` lines are logged. */
  const logged = (count: number) => eventually(async () => lines.length >= count, 2_000, 5);
  return { server, request, lines, logged, observed, requestLog };
}

/** A handler that never answers, and the response it was handed once the request reached it. */
function handedOver() {
  let answer!: (res: ServerResponse) => void;
  const begun = new Promise<ServerResponse>((resolve) => (answer = resolve));
  return { answer, begun };
}

describe('createRequestLog', () => {
  it('gives a 413 its reason, body_too_large', async () => {
    const t = serve((res) => res.writeHead(413, { 'Content-Length': 0 }).end());
    new FakeConnection().openOn(t.server).send('POST /oauth/token HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n\r\nx');
    await t.logged(1);
    expect(t.lines[0]).toMatchObject({ path: '/oauth/token', status: 413, reason: 'body_too_large' });
    expect(t.lines[0]).not.toHaveProperty('aborted');
  });

  it('logs method, path without query, template, status, bytes, duration, id and truncated client', async () => {
    const t = serve((res) => res.writeHead(200, { 'Content-Length': 5 }).end('hello'));
    const connection = t.request('/v1/biomarkers/public?template=public-light-eu&token=secret');
    const requestId = await connection.header('x-request-id');
    await t.logged(1);
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
      requestId,
    });
    // Headers and body, as the connection carried them.
    expect(line['bytes']).toBe(connection.bytesWritten);
    expect(connection.received.endsWith('\r\n\r\nhello')).toBe(true);
    expect(typeof line['durationMs']).toBe('number');
    expect(JSON.stringify(t.lines)).not.toContain('secret');
    expect(t.observed).toEqual([{ route: 'catalog', status: 200, durationS: expect.any(Number) }]);
  });

  it('counts each response’s own bytes when one connection carries several', async () => {
    const t = serve((res) => res.writeHead(200, { 'Content-Length': 5 }).end('hello'));
    const connection = t.request('/healthz');
    await t.logged(1);
    const first = connection.bytesWritten;
    connection.send('GET /healthz?again HTTP/1.1\r\nHost: x\r\n\r\n');
    await t.logged(2);
    expect(t.lines.map((line) => line['bytes'])).toEqual([first, connection.bytesWritten - first]);
  });

  it('names no template for other paths or an invalid template', async () => {
    const t = serve((res) => res.writeHead(204).end());
    t.request('/healthz?template=public-light-eu');
    await t.logged(1);
    t.request('/v1/biomarkers/public?template=nope');
    await t.logged(2);
    expect(t.lines.map((line) => line['path'])).toEqual(['/healthz', '/v1/biomarkers/public']);
    expect(t.lines.map((line) => line['template'])).toEqual([undefined, undefined]);
  });

  it('takes a well-formed X-Request-Id from a trusted proxy and echoes it', async () => {
    const t = serve((res) => res.writeHead(204).end(), { trustProxy: 1 });
    const trusted = t.request('/', 'X-Request-Id: proxy-id-42\r\nX-Forwarded-For: 198.51.100.7\r\n');
    expect(await trusted.header('x-request-id')).toBe('proxy-id-42');
    const forged = t.request('/', 'X-Request-Id: bad id\r\n');
    expect(await forged.header('x-request-id')).toMatch(/^[\w-]+-\w+$/);
    await t.logged(2);
    expect(t.lines[0]).toMatchObject({ requestId: 'proxy-id-42', client: '198.51.100.0/24' });
  });

  it('generates the id without a trusted proxy, whatever the client sends', async () => {
    const t = serve((res) => res.writeHead(204).end());
    const id = await t.request('/', 'X-Request-Id: chosen-by-client\r\n').header('x-request-id');
    expect(id).toMatch(/^[\w-]+-\w+$/);
    expect(id).not.toBe('chosen-by-client');
  });

  it('logs the full address when configured to', async () => {
    const t = serve((res) => res.writeHead(204).end(), { clientAddress: 'full' });
    t.request('/', '', '192.0.2.55');
    await t.logged(1);
    expect(t.lines[0]).toMatchObject({ client: '192.0.2.55' });
  });

  it('tells the metrics of a request the client abandons as 499', async () => {
    const { answer, begun } = handedOver();
    const t = serve(answer); // never answers
    const connection = t.request('/slow');
    await begun;
    connection.destroy();
    await t.logged(1);
    expect(t.observed).toEqual([{ route: 'catalog', status: 499, durationS: expect.any(Number) }]);
  });

  it('logs a request cut by the socket timeout as 499, aborted, socket_timeout', async () => {
    const { answer, begun } = handedOver();
    const t = serve(answer); // never answers
    t.request('/slow');
    const socket = (await begun).socket!;
    // What the server's timeout listener does: tell the log, then destroy the socket.
    expect(t.requestLog.timedOut(socket)).toBe(false); // a response is in flight
    socket.destroy();
    await t.logged(1);
    expect(t.lines).toEqual([expect.objectContaining({ status: 499, aborted: true, reason: 'socket_timeout' })]);
  });

  it('says a timed-out socket holds half a request only when bytes came after the last response', () => {
    const { requestLog } = serve((res) => res.writeHead(204).end());
    const idle = Object.assign(new PassThrough(), { bytesRead: 0 });
    expect(requestLog.timedOut(idle)).toBe(false); // nothing received: no request
    const partial = Object.assign(new PassThrough(), { bytesRead: 20 });
    expect(requestLog.timedOut(partial)).toBe(true); // half a request head, no response yet
    idle.destroy();
    partial.destroy();
  });
});
