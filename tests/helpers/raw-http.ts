import { connect } from 'node:net';

/** A response read off a raw socket: status, lower-cased headers, body text. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `request` exactly as written (no URL normalisation, unlike fetch; a Buffer byte for byte) and reads
 * until the server closes or `Content-Length` bytes of body have arrived. `localAddress`: the address the
 * connection comes from (any of 127.0.0.0/8 on loopback), so the server sees a peer of the test's choosing.
 */
export function rawRequest(
  url: string,
  request: string | Buffer,
  timeoutMs = 5_000,
  localAddress?: string,
): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({
      port: Number(port),
      host: hostname,
      ...(localAddress === undefined ? {} : { localAddress }),
    });
    let data = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete response to ${JSON.stringify(request.toString('latin1').slice(0, 60))}`));
    }, timeoutMs);
    const finish = () => {
      const text = data.toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split === -1) return false;
      const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      const body = text.slice(split + 4);
      const length = Number(headers['content-length'] ?? Number.NaN);
      if (Number.isFinite(length) && Buffer.byteLength(body) < length) return false;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
      return true;
    };
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      finish();
    });
    socket.on('end', () => finish() || reject(new Error('connection closed without a response')));
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.write(request);
  });
}
