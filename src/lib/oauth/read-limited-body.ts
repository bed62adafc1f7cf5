import { INVALID_REQUEST } from '../schemas/oauth.ts';
import { fail, type OAuthFailure, type OAuthResult } from './oauth-error-response.ts';

/** Largest token request body read, in bytes; a real one is well under 200. */
export const TOKEN_BODY_LIMIT = 4096;

/**
 * How long the rest of a refused body may keep arriving. Node's request timeout no longer applies
 * once the answer is sent, so without this a client trickling a chunked body could hold the
 * connection forever; after it, reading stops and the idle keep-alive timeout closes the socket.
 */
export const DISCARD_DEADLINE_MS = 5000;

/** The refusal of a body over the limit: 413 (RFC 9110 §15.5.14) with an OAuth error. */
export const bodyTooLarge = (limit: number): OAuthFailure => ({
  error: INVALID_REQUEST,
  status: 413,
  description: `request body exceeds ${limit} bytes`,
});

/** The refusal of a body that broke off (the client went away or sent a malformed chunk). */
export const BODY_UNREADABLE: OAuthFailure = { error: INVALID_REQUEST, description: 'request body could not be read' };

/** Whether a declared `Content-Length` is over `limit`, so the body is refused before it is read. */
export const declaredTooLarge = (declared: string | null | undefined, limit: number): boolean =>
  declared != null && /^\d+$/.test(declared.trim()) && Number(declared) > limit;

const tooLarge = (limit: number) => fail(bodyTooLarge(limit));

/**
 * Reads a request body of at most `limit` bytes. A larger declared `Content-Length` is refused
 * before reading; a body without one (chunked) is counted while read and refused as soon as it
 * passes the limit, so at most one chunk beyond the limit is ever held in memory.
 */
export async function readLimitedBody(
  request: Request,
  limit: number,
  discardDeadlineMs = DISCARD_DEADLINE_MS,
): Promise<OAuthResult<Uint8Array>> {
  if (declaredTooLarge(request.headers.get('content-length'), limit)) return tooLarge(limit);
  if (request.body === null) return { ok: true, value: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        void discardRest(reader, discardDeadlineMs);
        return tooLarge(limit);
      }
      chunks.push(value);
    }
  } catch {
    return fail(BODY_UNREADABLE);
  }
  return { ok: true, value: Buffer.concat(chunks) };
}

/**
 * Lets the rest of a refused body go by unread, as Node does for a body a handler never reads, so
 * the 413 is delivered and the keep-alive connection stays usable. Cancelling at once would destroy
 * the socket, often before the 413 is written; at the deadline, cancelling only stops the reading.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, deadlineMs: number): Promise<void> {
  const deadline = setTimeout(() => void reader.cancel().catch(() => {}), deadlineMs);
  deadline.unref();
  try {
    for (;;) if ((await reader.read()).done) return;
  } catch {
    // The client went away; nothing is left to discard.
  } finally {
    clearTimeout(deadline);
  }
}
