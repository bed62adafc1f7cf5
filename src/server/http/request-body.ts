import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';

/** A body read whole, or why it was not. */
export type BodyRead = { ok: true; body: Buffer } | { ok: false; reason: 'too_large' | 'unreadable' };

const TOO_LARGE = { ok: false, reason: 'too_large' } as const;
const UNREADABLE = { ok: false, reason: 'unreadable' } as const;

/** How long the rest of an unread request body may take to arrive after the response. */
const UNREAD_BODY_GRACE_MS = 5_000;

/**
 * Reads a request body of at most `limit` bytes straight from Node's stream, without a Fetch
 * `Request` or a web stream per call. A body that passes the limit (chunked, or longer than
 * declared) is refused as soon as it does, so at most one chunk beyond it is held; the rest is
 * let go by unread, so the answer is delivered and the keep-alive connection stays usable
 * (`guardUnreadBody` bounds how long that may take). A body that breaks off (the client
 * left, a malformed chunk) is `unreadable`.
 */
export function readRequestBody(req: Readable, limit: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: BodyRead) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onBroken);
      req.off('close', onBroken);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      finish(TOO_LARGE);
      req.resume();
    };
    const onEnd = () => finish({ ok: true, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) });
    // `close` before `end`: the stream was destroyed (an aborted request) without an error event.
    const onBroken = () => finish(UNREADABLE);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onBroken);
    req.on('close', onBroken);
  });
}

/**
 * Bounds the life of a connection whose request body was not read (a POST answered
 * with 405, a refused token request): Node drains such a body after the response so the
 * connection can be reused, and `requestTimeout` no longer applies then, so a client
 * trickling bytes could hold the socket forever. The socket is closed once the grace
 * period passes with the body still incomplete.
 */
export function guardUnreadBody(req: IncomingMessage, res: ServerResponse, graceMs = UNREAD_BODY_GRACE_MS): void {
  res.once('finish', () => {
    if (req.complete) return;
    // `req.destroy()` closes the socket it came on (and an injected request has none).
    const timer = setTimeout(() => req.destroy(), graceMs);
    timer.unref();
    req.once('end', () => clearTimeout(timer));
    req.once('close', () => clearTimeout(timer));
  });
}
