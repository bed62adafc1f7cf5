import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { rateLimitKey } from '../../lib/http/client-address.ts';

/**
 * Caps the connections one peer address holds open on `server` at `perClient`, keyed as the rate limiter keys
 * clients (an IPv4 address, an IPv6 /64), so one address holding idle sockets leaves the rest of `maxConnections`
 * to everyone else. A connection over its peer's share is destroyed as it arrives, before it is read, and reported
 * to `refused`. Call it before anything else counts `server`'s connections: they see a refused socket destroyed.
 */
export function shareConnections(server: Server, perClient: number, refused: (socket: Socket) => void): void {
  /** Open connections per peer key; a key leaves with its last connection, so the map holds at most one per socket. */
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const key = rateLimitKey(socket.remoteAddress ?? 'unknown');
    const held = open.get(key) ?? 0;
    if (held >= perClient) {
      socket.destroy();
      return refused(socket);
    }
    open.set(key, held + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left === 0) open.delete(key);
      else open.set(key, left);
    });
  });
}
