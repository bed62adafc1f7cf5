import { connect, type Socket } from 'node:net';

/** Numbers of one load run. */
export interface LoadResult {
  requests: number;
  rps: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  errors: number;
  statuses: Record<string, number>;
}

/** Distinct client addresses: none reaches 60 requests a minute, and all stay under the limiter's cap. */
const ADDRESSES = 50_000;
const CRLFCRLF = Buffer.from('\r\n\r\n');

/** Status and body length of a response head, once `buffer` holds all of it. */
function parseHead(buffer: Buffer): { headEnd: number; status: number; bodyLength: number } | undefined {
  const headerEnd = buffer.indexOf(CRLFCRLF);
  if (headerEnd === -1) return undefined;
  const head = buffer.toString('latin1', 0, headerEnd).toLowerCase();
  const length = /\r\ncontent-length:\s*(\d+)/.exec(head);
  return {
    headEnd: headerEnd + 4,
    status: Number(head.slice(9, 12)),
    bodyLength: length === null ? 0 : Number(length[1]),
  };
}

/**
 * A minimal HTTP/1.1 keep-alive load generator. Unlike general clients it never decodes
 * a body (autocannon turns every body into a string, which makes binary gzip bodies cost
 * more on the client than on the server being measured). Each request comes from the
 * next client address of a pool, sent as X-Forwarded-For (the site trusts one hop).
 */
export async function drive(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections = 32,
): Promise<LoadResult> {
  const target = new URL(url);
  const fixed = Object.entries({ host: target.host, ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const line = `GET ${target.pathname}${target.search} HTTP/1.1\r\n`;
  const deadline = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  let errors = 0;

  const runConnection = () =>
    new Promise<void>((resolve) => {
      const socket: Socket = connect(Number(target.port), target.hostname);
      socket.setNoDelay(true);
      // Only the head is kept; body bytes are counted, never copied (the client must cost little).
      let head: Buffer = Buffer.alloc(0);
      let status = 0;
      let bodyLeft = -1;
      let sentAt = 0;
      const send = () => {
        if (performance.now() >= deadline) return void socket.end(resolve);
        const n = next++ % ADDRESSES;
        sentAt = performance.now();
        socket.write(`${line}${fixed}x-forwarded-for: 10.${n >> 16}.${(n >> 8) & 255}.${n & 255}\r\n\r\n`);
      };
      socket.on('connect', send);
      socket.on('data', (chunk: Buffer) => {
        let data = chunk;
        while (data.length > 0) {
          if (bodyLeft < 0) {
            head = head.length === 0 ? data : Buffer.concat([head, data]);
            const parsed = parseHead(head);
            if (parsed === undefined) return;
            status = parsed.status;
            bodyLeft = parsed.bodyLength;
            data = head.subarray(parsed.headEnd);
            head = Buffer.alloc(0);
          }
          const taken = Math.min(bodyLeft, data.length);
          bodyLeft -= taken;
          data = data.subarray(taken);
          if (bodyLeft > 0) return;
          latencies.push(performance.now() - sentAt);
          statuses[status] = (statuses[status] ?? 0) + 1;
          bodyLeft = -1;
          send();
        }
      });
      socket.on('error', () => {
        errors += 1;
        resolve();
      });
      socket.on('close', () => resolve());
    });

  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, runConnection));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 100) / 100;
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors, statuses };
}
