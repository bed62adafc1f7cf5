/** Server timeouts: slow or idle clients are cut off in bounded time (see docs/deployment.md). */
export const SERVER_TIMEOUTS = {
  /** Whole header section, from the first byte (Node also answers 408 past it). */
  headersTimeout: 10_000,
  /** Whole request, body included. */
  requestTimeout: 30_000,
  /**
   * Idle time allowed between requests on a kept-alive connection, unless configured
   * (`KEEP_ALIVE_TIMEOUT_S`). Longer than the 60 s idle timeout of nginx's upstream pool and
   * of an AWS ALB, so the proxy, not this server, closes an idle connection: a server that
   * closes first races the proxy's next request on it, which then fails (RFC 9112 §9.6).
   */
  keepAliveTimeout: 65_000,
  /**
   * Inactivity of any socket. headersTimeout alone only catches connections that keep
   * sending header bytes: one that sends nothing, or half a request and then nothing,
   * stayed open indefinitely (measured on Node 24), so sockets also time out when silent.
   */
  socketTimeout: 10_000,
  maxHeaderSize: 16 * 1024,
  // Node checks headersTimeout and requestTimeout every 30 s by default; check every second.
  connectionsCheckingInterval: 1_000,
} as const;
