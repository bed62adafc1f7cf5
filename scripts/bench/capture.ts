import { request } from 'node:http';
import type { WrkRequest } from './wrk.ts';

/** A response as the site sent it, for the plain server to write again. */
export interface CapturedResponse {
  status: number;
  /** Every header the site wrote, in order and spelling, as a flat name/value list, except framing and Date. */
  headers: string[];
  /** The body as sent (no content decoding). */
  body: string;
  /** Whether the site sent the body chunked rather than with a Content-Length. */
  chunked: boolean;
}

/** The value of header `name` in a flat name/value list, in any letter case. */
export function headerOf(headers: readonly string[], name: string): string | undefined {
  const at = headers.findIndex((value, i) => i % 2 === 0 && value.toLowerCase() === name);
  return at === -1 ? undefined : headers[at + 1];
}

/** Headers Node writes itself for every response, per connection or per transfer. */
const NODE_WRITES = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Sends one request as wrk will (the same headers, from `address`) and keeps the raw answer. */
export function captureResponse(origin: string, wanted: WrkRequest, address: string): Promise<CapturedResponse> {
  return new Promise((resolve, reject) => {
    const headers = { ...wanted.headers, 'X-Forwarded-For': address };
    const req = request(new URL(wanted.path, origin), { method: wanted.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const kept: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (!NODE_WRITES.has(res.rawHeaders[i]!.toLowerCase())) kept.push(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        }
        resolve({
          status: res.statusCode ?? 0,
          headers: kept,
          body: Buffer.concat(chunks).toString('base64'),
          chunked: res.headers['transfer-encoding'] === 'chunked',
        });
      });
    });
    req.on('error', reject);
    req.end(wanted.body);
  });
}
