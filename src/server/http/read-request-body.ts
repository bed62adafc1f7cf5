import type { Readable } from 'node:stream';

/** A body read whole, or why it was not. */
export type BodyRead = { ok: true; body: Buffer } | { ok: false; reason: 'too_large' | 'unreadable' };

const TOO_LARGE = { ok: false, reason: 'too_large' } as const;
const UNREADABLE = { ok: false, reason: 'unreadable' } as const;

/**
 * Reads a request body of at most `limit` bytes straight from Node's stream, without a Fetch
 * `Request` or a web stream per call. A body that passes the limit (chunked, or longer than
 * declared) is refused as soon as it does, so at most one chunk beyond it is held; the rest is
 * let go by unread, so the answer is delivered and the keep-alive connection stays usable
 * (`unread-body-guard.ts` bounds how long that may take). A body that breaks off (the client
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
