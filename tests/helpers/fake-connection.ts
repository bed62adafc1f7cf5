import type { Server } from 'node:http';
import { Duplex } from 'node:stream';

/**
 * A connection handed to a `node:http` server without a socket: the server parses what `send` writes and writes its
 * responses to `received`, counting bytes both ways as a `net.Socket` does (`bytesRead`, `bytesWritten`), from a
 * peer address of the test's choosing. For what a step reads off the connection itself; light-my-request covers the
 * rest.
 */
export class FakeConnection extends Duplex {
  bytesRead = 0;
  bytesWritten = 0;
  /** The bytes the server has written so far. */
  received = '';
  readonly remoteAddress: string;
  readonly remotePort = 40_000;
  readonly remoteFamily = 'IPv4';

  constructor(remoteAddress = '127.0.0.1') {
    super();
    this.remoteAddress = remoteAddress;
  }

  /** Opens this connection on `server`, as its listener would on accept. */
  openOn(server: Server): this {
    server.emit('connection', this);
    return this;
  }

  /** Writes `bytes` from the client's side. */
  send(bytes: string): void {
    this.bytesRead += Buffer.byteLength(bytes);
    this.push(bytes);
  }

  /** Resolves once `received` holds a whole response head, with the value of header `name` (lower-case) in it. */
  async header(name: string): Promise<string | undefined> {
    while (!this.received.includes('\r\n\r\n')) await new Promise((resolve) => this.once('received', resolve));
    const head = this.received.slice(0, this.received.indexOf('\r\n\r\n'));
    const line = head.split('\r\n').find((field) => field.toLowerCase().startsWith(`${name}:`));
    return line?.slice(name.length + 1).trim();
  }

  // A net.Socket's options, set by the server on accept: nothing to do without a socket.
  setTimeout(): this {
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.bytesWritten += chunk.length;
    this.received += chunk.toString('latin1');
    this.emit('received');
    done();
  }
}
