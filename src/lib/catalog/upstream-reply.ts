import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/** What the catalog's upstream call needs of a response. */
export interface UpstreamReply {
  status: number;
  /** `Content-Type`, or '' when absent. */
  contentType: string;
  /** The announced `Content-Length`, NaN when absent. */
  contentLength: number;
  /** The decoded body up to `maxBytes`; rejects with `tooLarge()` past them, or `signal.reason` on abort. */
  read(maxBytes: number, signal: AbortSignal, tooLarge: () => Error): Promise<Buffer>;
  /** Drops the body unread. */
  discard(): void;
}

// Keep-alive: a refresh reuses an open socket, and the agent honours `Keep-Alive: timeout` so it never reuses one
// the server is closing.
const HTTP_AGENT = new Agent({ keepAlive: true });
let httpsAgent: Agent | undefined;

/** Decoders for the codings asked for (RFC 9110 §8.4.1); any other coding is passed on as sent. */
const DECODERS: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** Reads `message`, decoded per its `Content-Encoding`, within the limits `read` documents. */
function readMessage(message: IncomingMessage, maxBytes: number, signal: AbortSignal, tooLarge: () => Error) {
  const coding = String(message.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const decoder = DECODERS[coding]?.();
  const source = decoder === undefined ? message : message.pipe(decoder);
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (error: unknown, body?: Buffer) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (error === undefined) return resolve(body!);
      message.destroy();
      (decoder as { destroy?: () => void } | undefined)?.destroy?.();
      reject(error);
    };
    const onAbort = () => settle(signal.reason ?? new Error('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    source.on('data', (chunk: Buffer) => {
      // Counted after decoding: a small compressed body may expand past the cap.
      size += chunk.length;
      if (size > maxBytes) settle(tooLarge());
      else chunks.push(chunk);
    });
    source.once('end', () => settle(undefined, Buffer.concat(chunks, size)));
    source.once('error', (error: Error) => settle(error));
    if (decoder !== undefined) message.once('error', (error: Error) => settle(error));
    // A connection closed before the end of the body ends nothing: a failure, not a short body.
    message.once('close', () => {
      if (!message.complete) settle(new Error('the connection closed before the body ended'));
    });
  });
}

/** A client for the upstream call: `requestUpstream`, or a stand-in from a test or the build. */
export type UpstreamRequest = typeof requestUpstream;

/**
 * GET `url` with node:http(s), resolved once headers are in. Not `fetch`: undici delays the first answer
 * (docs/performance.md).
 */
export async function requestUpstream(
  url: string,
  headers: Readonly<Record<string, string>>,
  signal: AbortSignal,
): Promise<UpstreamReply> {
  const target = new URL(url);
  let request = httpRequest;
  let agent = HTTP_AGENT;
  if (target.protocol === 'https:') {
    const https = await import('node:https');
    request = https.request;
    agent = httpsAgent ??= new https.Agent({ keepAlive: true });
  }
  signal.throwIfAborted();
  const message = await new Promise<IncomingMessage>((resolve, reject) => {
    const outgoing = request(target, { method: 'GET', headers, agent, signal }, resolve);
    outgoing.once('error', reject);
    outgoing.end();
  });
  return {
    status: message.statusCode ?? 0,
    contentType: String(message.headers['content-type'] ?? ''),
    contentLength: Number(message.headers['content-length'] ?? Number.NaN),
    read: (maxBytes, readSignal, tooLarge) => readMessage(message, maxBytes, readSignal, tooLarge),
    discard: () => void message.destroy(),
  };
}
