import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { registerServerUnderTest } from './contract/servers-under-test.ts';
import { track } from './processes.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Ports this process has handed out: the OS may give a port just probed and closed to the next probe, so servers
 * started at once (three instances, each with its bundled origin) could be handed one port twice, and one of them
 * would then find its port taken by another's origin.
 */
const handedOut = new Set<number>();

/** A free port on 127.0.0.1 that this process has not handed out before. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await probePort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

function probePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A process of the built service under test. */
export interface RunningServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The bundled catalog origin's URL on loopback (started unless CATALOG_ORIGIN_URL is given). */
  originUrl: string;
  /** The environment the process was started with. */
  env: Record<string, string>;
  child: ChildProcess;
  /** Every line the process wrote, stdout and stderr. */
  output: string[];
  /** Sends SIGTERM and waits for the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the compiled entry `npm start` runs (`dist/node/main.mjs`; `npm run build` first) with extra environment. A test
 * that needs the origin's port beforehand (e.g. for CATALOG_ORIGIN_PUBLIC_URL) passes its own
 * CATALOG_ORIGIN_PORT.
 */
export async function startServer(
  env: Record<string, string> = {},
  script = 'dist/node/main.mjs',
  /** How long the start may take (default: `startDeadlineMs(script)`). */
  startMs = startDeadlineMs(script),
): Promise<RunningServer> {
  // A test that restarts a server on its port passes PORT.
  const port = env['PORT'] === undefined ? await freePort() : Number(env['PORT']);
  const originPort = env['CATALOG_ORIGIN_PORT'] ?? String(await freePort());
  const url = `http://127.0.0.1:${port}`;
  const childEnv: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: url,
    CATALOG_ORIGIN_PORT: originPort,
    LOG_LEVEL: 'info',
    // Tests stop servers often: no readiness delay unless a test asks for one, a short quiet interval, and a
    // deadline that closes the test's own idle kept-alive connections (fetch keeps them a minute) in seconds.
    SHUTDOWN_DELAY_S: '0',
    SHUTDOWN_QUIET_MS: '100',
    SHUTDOWN_TIMEOUT_S: '3',
    // Several servers run at once: none takes the default metrics port unless a test gives one.
    METRICS_PORT: 'off',
    // Nor renders the 369 data-driven pages in the background (seconds of CPU each time), unless the preparation is
    // what the test is about (memory-burst.load.test.ts): a test that counts upstream requests or holds a latency
    // bound measures its own requests, and forty servers would otherwise each spend a core on it.
    PREPARE_PAGES: 'on-demand',
    ...env,
  };
  const child = spawn(process.execPath, [script], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  track(child, stop);
  // Ready once the site port accepts a TCP connection: whatever the log level, and without
  // an HTTP request that would count against a test's rate-limit budget. The site listens
  // after the bundled origin, so both are up then.
  const deadline = Date.now() + startMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output.join('')}`);
    if (await accepts(port)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`server did not start within ${startMs} ms:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const originUrl = `http://127.0.0.1:${originPort}`;
  // Every response from a documented path is then checked against the OpenAPI document.
  registerServerUnderTest(url, childEnv['CATALOG_ORIGIN_URL'] === undefined ? originUrl : undefined, childEnv);
  return {
    url,
    originUrl,
    env: childEnv,
    child,
    output,
    stop,
  };
}

/**
 * How long a start may take on a loaded machine. Measured at a load average of 9 on two cores: the built server
 * listens in under a second (20 s), `npm run dev` in 14 to 16 s, most of it Vite compiling the site (90 s).
 */
export const startDeadlineMs = (script: string): number => (script.endsWith('dev.ts') ? 90_000 : 20_000);

/**
 * Runs the entry expecting it to refuse to start; resolves with exit code and stderr. One that starts after all is
 * killed at the start deadline, with the exit code null.
 */
export function runToExit(env: Record<string, string>, script = 'dist/node/main.mjs') {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [script], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: startDeadlineMs(script),
      killSignal: 'SIGKILL',
    });
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    track(child, async () => {
      child.kill('SIGKILL');
      await exited;
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

/** `fetch` as if from `address`, for servers started with TRUST_PROXY=1. */
export const fetchAs =
  (address: string) =>
  (input: string, init: RequestInit = {}) =>
    fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), 'X-Forwarded-For': address } });
