import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts listening and resolves with `host:port` as bound (port 0 picks a free one). */
export function listen(server: Server, port: number, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const { address, port: bound, family } = server.address() as AddressInfo;
      resolve(family === 'IPv6' ? `[${address}]:${bound}` : `${address}:${bound}`);
    });
  });
}
