import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW } from '../helpers/slow.ts';
import { startServer, type RunningServer } from '../helpers/start-server.ts';

/**
 * Clients with an exact window: the default, or in the smoke version a tenth of it, so that
 * a flood ten times the table still overflows it into the sketch.
 */
const MAX_CLIENTS = SLOW ? 100_000 : 10_000;
/** Distinct client addresses in the flood, all within one rate-limit window: ten times the table. */
const FLOOD = MAX_CLIENTS * 10;
/** IPv6 /64s sprayed from one /48 on top of it: all 65,536 of them (8,192, eight times its share, in the smoke version). */
const SPRAY = SLOW ? 65_536 : 8_192;
/** Fresh clients probed after the flood; fewer than 1 in 1,000 may be refused. */
const PROBES = 4_000;

let site: RunningServer;
beforeAll(async () => {
  // Behind one trusted proxy: the client is the right-most X-Forwarded-For entry.
  site = await startServer({ TRUST_PROXY: '1', LOG_LEVEL: 'error', RATE_LIMIT_MAX_CLIENTS: String(MAX_CLIENTS) });
  // One GET without Accept-Encoding (the flood sends none) stores the document in the response
  // cache under the flood's key; the flood's HEADs are replayed from it.
  await new Promise<void>((resolve, reject) => {
    const warm = request(`${site.url}${FLOOD_PATH}`, { headers: { 'X-Forwarded-For': '192.0.2.250' } }, (res) => {
      res.resume().once('end', resolve);
    });
    warm.once('error', reject).end();
  });
});
afterAll(async () => {
  await site.stop();
});

/**
 * A counted path the response cache answers once warm (static files cost no quota, so they
 * cannot exercise the limiter): HEAD of it has no body, so each response is one head.
 */
const FLOOD_PATH = '/robots.txt';

/**
 * Sends one request per address on a kept-alive connection, pipelined in batches (HEAD of
 * FLOOD_PATH), and counts the statuses.
 */
async function flood(addresses: (n: number) => string, count: number, connections = 4): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  const { port } = new URL(site.url);
  let next = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const socket: Socket = connect(Number(port), '127.0.0.1');
      let pending = 0;
      let carry = '';
      const sendBatch = () => {
        const batch: string[] = [];
        while (batch.length < 256 && next < count) {
          batch.push(`HEAD ${FLOOD_PATH} HTTP/1.1\r\nHost: t\r\nX-Forwarded-For: ${addresses(next++)}\r\n\r\n`);
        }
        if (batch.length === 0) return void socket.end();
        pending = batch.length;
        socket.write(batch.join(''));
      };
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => {
        // Every response is a status line and headers; count the status lines.
        const text = carry + chunk;
        let at = text.indexOf('HTTP/1.1 ');
        let last = 0;
        while (at !== -1 && at + 12 <= text.length) {
          const status = Number(text.slice(at + 9, at + 12));
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          pending -= 1;
          last = at + 12;
          at = text.indexOf('HTTP/1.1 ', last);
        }
        carry = text.slice(Math.max(last, text.length - 12));
        if (pending === 0) sendBatch();
      });
      socket.once('connect', sendBatch);
      socket.once('close', () => resolve());
      socket.once('error', reject);
    });
  await Promise.all(Array.from({ length: connections }, one));
  return statuses;
}

/** Statuses of one request each from `count` fresh clients. */
const probe = (addresses: (n: number) => string, count: number) => flood(addresses, count, 2);

describe('the rate limiter under an address-rotation flood, through TRUST_PROXY', () => {
  it(`gives new clients their quota after ${FLOOD} new addresses and ${SPRAY} /64s of one /48`, async () => {
    // A client known before the flood keeps its exact window.
    const known = await probe(() => '192.0.2.11', 10);
    expect(known).toEqual(new Map([[200, 10]]));

    const started = performance.now();
    const flooded = await flood((n) => `${10 + (n >> 24)}.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`, FLOOD);
    const sprayed = await flood((n) => `2001:db8:77:${n.toString(16)}::1`, SPRAY);
    const floodSeconds = (performance.now() - started) / 1000;
    expect(flooded.get(200)).toBe(FLOOD);
    expect(sprayed.get(200)).toBe(SPRAY);

    const freshV4 = await probe((n) => `198.51.${100 + (n >> 8)}.${n & 255}`, PROBES / 2);
    const freshV6 = await probe((n) => `2a02:${(n + 1).toString(16)}::7`, PROBES / 2);
    const refused = (freshV4.get(429) ?? 0) + (freshV6.get(429) ?? 0);
    console.log(
      `flood: ${FLOOD + SPRAY} new clients in ${floodSeconds.toFixed(1)} s; fresh clients refused: ${refused} of ${PROBES}`,
    );
    expect(refused).toBeLessThan(PROBES / 1_000);
    expect((freshV4.get(200) ?? 0) + (freshV6.get(200) ?? 0)).toBe(PROBES - refused);

    // The known client: exactly 60 in its window (10 before the flood), then 429.
    const rest = await probe(() => '192.0.2.11', 51);
    expect(rest).toEqual(
      new Map([
        [200, 50],
        [429, 1],
      ]),
    );
  }, 120_000);
});
