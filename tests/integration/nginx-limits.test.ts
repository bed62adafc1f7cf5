import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx, type RunningNginx } from '../helpers/nginx.ts';
import { SLOW } from '../helpers/slow.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

/**
 * The documented nginx block's per-client limits and access log, with Debian's nginx in front of one instance.
 * Each client is a loopback address of its own (Linux routes all of 127/8 to the loopback interface), connecting
 * without `X-Forwarded-For`, as a browser reaches an nginx at the edge.
 */

/** The block's `limit_conn` and `limit_req` burst (docs/deployment.md). */
const CONCURRENT_PER_CLIENT = 64;
const BURST = 1320;

let server: RunningServer;
let nginx: RunningNginx;

beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: '1', LOG_LEVEL: 'error' });
  nginx = await startNginx([new URL(server.url).host]);
}, 60_000);

afterAll(async () => {
  await nginx?.stop();
  await server?.stop();
});

/** A connection to nginx from `localAddress` that writes `head` and collects what comes back. */
function holding(localAddress: string, head: string): { socket: Socket; reply: () => string } {
  let reply = '';
  const socket = connect({ port: nginx.port, host: '127.0.0.1', localAddress }, () => socket.write(head));
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => (reply += chunk));
  socket.on('error', () => undefined);
  return { socket, reply: () => reply };
}

/** One GET through nginx from `localAddress`: status and body. */
function get(path: string, localAddress: string, agent: Agent | false = false) {
  return new Promise<{ status: number; body: string; retryAfter?: string }>((resolve, reject) => {
    request(`${nginx.url}${path}`, { agent, localAddress })
      .once('response', (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.once('end', () => {
          const retryAfter = res.headers['retry-after'];
          resolve({ status: res.statusCode ?? 0, body, ...(retryAfter === undefined ? {} : { retryAfter }) });
        });
      })
      .once('error', reject)
      .end();
  });
}

const waitFor = async (done: () => boolean, ms: number) => {
  for (const until = Date.now() + ms; !done() && Date.now() < until;)
    await new Promise((resolve) => setTimeout(resolve, 20));
};

/** nginx's own refusal (the block's `@catalog_too_many`), told apart from the service's 429 by its detail. */
const refusedByNginx = (body: string) => body.includes('at once from this address');

describe('the documented nginx block, per client address', () => {
  it('refuses one address its requests past 64 in progress, and answers another address meanwhile', async () => {
    // 300 idle sockets (nothing sent) and 200 token requests whose body never comes, all from one address.
    const idle = Array.from({ length: 300 }, () => holding('127.0.0.2', ''));
    const head =
      'POST /oauth/token HTTP/1.1\r\nHost: catalog.example.com\r\n' +
      'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 64\r\n\r\n';
    const slow = Array.from({ length: 200 }, () => holding('127.0.0.2', head));
    const refused = () => slow.filter(({ reply }) => reply().startsWith('HTTP/1.1 429 ')).length;
    await waitFor(() => refused() >= slow.length - CONCURRENT_PER_CLIENT, 5_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    try {
      expect(refused()).toBe(slow.length - CONCURRENT_PER_CLIENT);
      const sample = slow.find(({ reply }) => reply().startsWith('HTTP/1.1 429 '))!.reply();
      expect(sample).toMatch(/^Retry-After: 1\r$/im);
      expect(sample).toMatch(/^Content-Type: application\/problem\+json\r$/im);
      expect(refusedByNginx(sample)).toBe(true);
      // Another address: a page and a token request, answered by the instance.
      expect((await get('/healthz', '127.0.0.3')).status).toBe(200);
      expect((await get('/developers', '127.0.0.3')).status).toBe(200);
    } finally {
      for (const { socket } of [...idle, ...slow]) socket.destroy();
    }
  }, 20_000);

  it(`never refuses what the service allows one address${SLOW ? ', its whole minute twice over, then stops a flood' : ': 200 back to back'}`, async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const answers: Array<{ status: number; body: string }> = [];
    // The full check sends until nginx refuses (past BURST); the bounded one, 200 in a second or so, already far
    // past a limit sized to the counted quota alone (1 a second).
    const most = SLOW ? 3 * BURST : 200;
    let next = 0;
    let refusedAt: number | undefined;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < most && refusedAt === undefined) {
          const at = next++;
          answers[at] = await get(`/healthz?n=${at}`, '127.0.0.4', agent);
          if (refusedByNginx(answers[at].body)) refusedAt ??= at;
        }
      }),
    );
    agent.destroy();
    const byNginx = answers.flatMap(({ body }, at) => (refusedByNginx(body) ? [at] : []));
    expect(byNginx.filter((at) => at < Math.min(BURST, most))).toEqual([]);
    if (!SLOW) return void expect(answers.filter(({ status }) => status === 200)).toHaveLength(most);
    // The service answered each of the first BURST itself: 200 until its free ceiling, then its own 429.
    expect(answers.slice(0, BURST).some(({ status }) => status === 429)).toBe(true);
    expect(byNginx.length).toBeGreaterThan(0);
  }, 60_000);

  it('logs the client cut to its /24 and the path without its query, in the block’s own access log', async () => {
    const answer = await get('/developers?q=someone@example.com&region=eu', '127.0.0.5');
    expect(answer.status).toBe(200);
    await waitFor(() => nginx.accessLog().includes('"/developers"'), 2_000);
    const line = nginx
      .accessLog()
      .split('\n')
      .findLast((entry) => entry.includes('"/developers"'));
    expect(JSON.parse(line ?? '{}')).toMatchObject({ client: '127.0.0.0/24', method: 'GET', status: 200 });
    expect(nginx.accessLog()).not.toMatch(/someone|example\.com|region|127\.0\.0\.5/);
  });
});
