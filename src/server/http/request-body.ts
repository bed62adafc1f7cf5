import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';

/** A body read whole, or why it was not. */
export type BodyRead = { ok: true; body: Buffer } | { ok: false; reason: 'too_large' | 'unreadable' };

const TOO_LARGE = { ok: false, reason: 'too_large' } as const;
const UNREADABLE = { ok: false, reason: 'unreadable' } as const;

/** How long the rest of an unread request body may take to arrive after the response. */
const UNREAD_BODY_GRACE_MS = 5_000;

/**
 * Reads a body of at most `limit` bytes from Node's stream. Past the limit it is refused at once and the rest left
 * unread (`guardUnreadBody` bounds that), so the keep-alive connection stays usable; a broken body is `unreadable`.
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
 * Bounds a connection whose body was left unread: Node drains it after the response, outside `requestTimeout`,
 * so a client trickling bytes could hold the socket forever. Closes it after the grace period.
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
