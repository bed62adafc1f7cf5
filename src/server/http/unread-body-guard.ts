import type { IncomingMessage, ServerResponse } from 'node:http';

/** How long the rest of an unread request body may take to arrive after the response. */
const UNREAD_BODY_GRACE_MS = 5_000;

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
