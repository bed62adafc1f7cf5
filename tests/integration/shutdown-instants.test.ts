import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/log/logger.ts';
import { createShutdown } from '../../src/server/shutdown.ts';
import { createTestSite } from '../helpers/site.ts';
import {
  connectFromAnotherThread,
  HEALTH_GET,
  manualWaits,
  openConnection,
  TOKEN_POST,
  type RawConnection,
} from '../helpers/shutdown-instants.ts';

// Each step of a drain at the instant where a request can be lost (docs/deployment.md, "Restarts without losing a
// request"): the test ends each of the shutdown's waits itself, so no step depends on timing.

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

/** The site of `npm start` on a loopback port, with a shutdown whose waits and exit the test controls. */
async function stoppingSite() {
  const site = await createTestSite();
  const { port } = await site.listen();
  const { server } = site.server;
  const waits = manualWaits();
  const lines: string[] = [];
  const logger = createLogger('info', { info: (line) => lines.push(line), error: (line) => lines.push(line) });
  let exited: (code: number) => void = () => undefined;
  const exit = new Promise<number>((resolve) => (exited = resolve));
  const stop = createShutdown(
    { site: site.server },
    logger,
    { delayMs: 5_000, quietMs: 1_000, timeoutMs: 20_000 },
    {
      exit: (code) => exited(code),
      wait: waits.wait,
    },
  );
  const connections: RawConnection[] = [];
  const open = (onConnect?: (connection: RawConnection) => void) => {
    const connection = openConnection(port, onConnect);
    connections.push(connection);
    return connection;
  };
  cleanups.push(() => {
    for (const connection of connections) connection.socket.destroy();
    server.closeAllConnections();
    server.close();
  });
  return { server, port, waits, lines, stop, exit, open };
}

/** Whether `promise` has settled within a few turns of the event loop. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('a SIGTERM drain, at the instants where a request can be reset', () => {
  it('answers a token POST whose connection is in the accept queue as the readiness delay ends', async () => {
    const { waits, stop, port, exit } = await stoppingSite();
    stop('SIGTERM');
    const endDelay = await waits.next('delay');
    // Completed by the kernel and written, not yet accepted by the server, as the delay ends.
    const { reply } = connectFromAnotherThread(port, TOKEN_POST);
    endDelay();
    waits.release('quiet');
    expect(await reply).toMatchObject({ status: 200, headers: { 'cache-control': 'no-store' } });
    expect(await exit).toBe(0);
  });

  it('answers a token POST on a connection made as a quiet interval ends, and waits another interval', async () => {
    const { waits, stop, open, server } = await stoppingSite();
    stop('SIGTERM');
    (await waits.next('delay'))();
    const endQuiet = await waits.next('quiet');
    const connection = open((opened) => {
      opened.write(TOKEN_POST);
      endQuiet();
    });
    expect(await connection.next()).toMatchObject({ status: 200 });
    expect(server.listening).toBe(true);
    (await waits.next('quiet'))();
    await expect.poll(() => server.listening).toBe(false);
    // Kept alive until the listener closed; the next answer on it says so, and the server ends it.
    connection.write(HEALTH_GET);
    expect(await connection.next()).toMatchObject({ status: 503, headers: { connection: 'close' } });
    expect(await connection.closed).toBe('end');
  });

  it('keeps the listener open while connections keep arriving, and closes it after an interval without one', async () => {
    const { waits, stop, open, server, lines } = await stoppingSite();
    stop('SIGTERM');
    (await waits.next('delay'))();
    for (let arrival = 0; arrival < 3; arrival += 1) {
      const endQuiet = await waits.next('quiet');
      open(() => endQuiet());
    }
    const endLast = await waits.next('quiet');
    expect(server.listening).toBe(true);
    endLast();
    await expect.poll(() => server.listening).toBe(false);
    expect(lines.join('')).toMatch(/"event":"listener_closed".*"waitedMs":\d+/);
    const refused = open();
    expect(await refused.closed).toBe('ECONNREFUSED');
  });

  it('closes the listener halfway to the deadline if connections never stop arriving, and logs it as an error', async () => {
    const { waits, stop, open, server, lines } = await stoppingSite();
    stop('SIGTERM');
    (await waits.next('delay'))();
    const endPatience = await waits.next('patience');
    const endQuiet = await waits.next('quiet');
    open(() => {
      endPatience();
      endQuiet();
    });
    await expect.poll(() => server.listening).toBe(false);
    expect(lines.join('')).toMatch(/"level":"error","event":"listener_closed".*"quiet":false/);
  });

  it('closes the listener quietly after an interval in which only a refused request arrived', async () => {
    const { waits, stop, open, server, lines } = await stoppingSite();
    stop('SIGTERM');
    (await waits.next('delay'))();
    // A connection with a request that is served holds the listener open for another interval, as before…
    const endServed = await waits.next('quiet');
    const served = open((connection) => connection.write(HEALTH_GET));
    expect(await served.next()).toMatchObject({ status: 503 });
    endServed();
    // …one whose only request Node's parser refuses (a raw 0xFF byte in the target) and that the refusal closes does not.
    const endRefused = await waits.next('quiet');
    expect(server.listening).toBe(true);
    const refused = open(({ socket }) => socket.write(Buffer.from('GET /x\xff HTTP/1.1\r\nHost: x\r\n\r\n', 'latin1')));
    expect(await refused.next()).toMatchObject({ status: 400 });
    expect(await refused.closed).toBe('end');
    endRefused();
    await expect.poll(() => server.listening).toBe(false);
    expect(lines.join('')).toMatch(/"level":"info","event":"listener_closed".*"quiet":true/);
  });

  it('answers a request written on a kept-alive connection while Node still counts the connection idle', async () => {
    const { waits, stop, open } = await stoppingSite();
    const connection = open();
    connection.write(HEALTH_GET);
    expect(await connection.next()).toMatchObject({ status: 200 });
    stop('SIGTERM');
    (await waits.next('delay'))();
    // Node counts this connection idle until it reads the request, which is in the kernel's buffer by now.
    const endQuiet = await waits.next('quiet');
    connection.write(TOKEN_POST);
    endQuiet();
    waits.release('quiet');
    expect(await connection.next()).toMatchObject({ status: 200 });
  });

  it('ends with Connection: close an answer whose head was not sent when the listener closed', async () => {
    const { waits, stop, open, server } = await stoppingSite();
    const connection = open();
    // The token endpoint waits for the body: the request is in flight, its answer not begun.
    connection.write(TOKEN_POST.slice(0, -10));
    stop('SIGTERM');
    (await waits.next('delay'))();
    waits.release('quiet');
    await expect.poll(() => server.listening).toBe(false);
    connection.write(TOKEN_POST.slice(-10));
    expect(await connection.next()).toMatchObject({ status: 200, headers: { connection: 'close' } });
    expect(await connection.closed).toBe('end');
  });

  it('closes idle kept-alive connections only after an interval without a request once the listener is closed', async () => {
    const { waits, stop, open, server, exit, lines } = await stoppingSite();
    const busy = open();
    const idle = open();
    for (const connection of [busy, idle]) {
      connection.write(HEALTH_GET);
      expect(await connection.next()).toMatchObject({ status: 200 });
    }
    stop('SIGTERM');
    (await waits.next('delay'))();
    waits.release('quiet');
    await expect.poll(() => server.listening).toBe(false);
    // No sweep while the listener was open, nor at the instant it closed.
    expect(await settled(idle.closed)).toBe(false);
    // A request during the interval is answered, closes its own connection, and holds the sweep off.
    const interval = await waits.next('idle');
    busy.write(TOKEN_POST);
    const answer = await busy.next();
    expect(answer).toMatchObject({ status: 200, headers: { connection: 'close' } });
    interval();
    expect(await busy.closed).toBe('end');
    expect(await settled(idle.closed)).toBe(false);
    // An interval with no request: the idle connection is closed, cleanly, and the process exits 0.
    (await waits.next('idle'))();
    expect(await idle.closed).toBe('end');
    expect(await exit).toBe(0);
    expect(lines.join('')).toContain('"event":"stopped"');
  });
});

describe('the shutdown deadline', () => {
  it('closes connections that carry no request and exits 0', async () => {
    const { waits, stop, open, lines, exit, server } = await stoppingSite();
    const connection = open();
    connection.write(HEALTH_GET);
    expect(await connection.next()).toMatchObject({ status: 200 });
    stop('SIGTERM');
    (await waits.next('delay'))();
    waits.release('quiet');
    await expect.poll(() => server.listening).toBe(false);
    (await waits.next('deadline'))();
    expect(await exit).toBe(0);
    expect(lines.join('')).toContain('"event":"idle_connections_closed"');
  });

  it('cuts a request still in flight and exits 1', async () => {
    const { waits, stop, open, lines, exit, server } = await stoppingSite();
    const connection = open();
    connection.write(TOKEN_POST.slice(0, -10));
    stop('SIGTERM');
    (await waits.next('delay'))();
    waits.release('quiet');
    await expect.poll(() => server.listening).toBe(false);
    (await waits.next('deadline'))();
    expect(await exit).toBe(1);
    expect(lines.join('')).toMatch(/"event":"shutdown_deadline".*"requestsInFlight":1/);
  });
});
