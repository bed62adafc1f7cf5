// `npm run soak`: bounded mixed traffic on loopback against the built site while a fake catalog
// origin fails and recovers. Reports unexpected answers (there must be none), p99 latency and the
// site's memory at start and end. SOAK_SECONDS (default 60) sets the duration; SOAK_NODE_OPTIONS
// starts the site with those Node options (e.g. the image's heap limit, as in the Dockerfile).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { startFakeUpstream, type UpstreamMode } from '../tests/helpers/fake-upstream.ts';
import { freePort } from '../tests/helpers/start-server.ts';

const SECONDS = Number(process.env['SOAK_SECONDS'] ?? 60);
const WORKERS = 16;
/** Allowed growth of the site's resident memory between warm-up and the end. */
const MEMORY_BOUND_MB = 64;

interface Kind {
  name: string;
  expect: number[];
  send(base: string, from: string, etag: string): Promise<Response>;
}

const KINDS: Kind[] = [
  {
    name: 'catalog',
    expect: [200],
    send: (b, f) => fetch(`${b}/v1/biomarkers/public?template=public-light-eu`, { headers: { 'X-Forwarded-For': f } }),
  },
  {
    name: 'catalog 304',
    expect: [200, 304], // 200 once the upstream has sent a new version
    send: (b, f, etag) =>
      fetch(`${b}/v1/biomarkers/public?template=public-light-eu`, {
        headers: { 'X-Forwarded-For': f, 'If-None-Match': etag },
      }),
  },
  {
    name: 'token',
    expect: [200],
    send: (b, f) =>
      fetch(`${b}/oauth/token`, {
        method: 'POST',
        headers: { 'X-Forwarded-For': f, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      }),
  },
  { name: 'page', expect: [200], send: (b, f) => fetch(`${b}/de/developers`, { headers: { 'X-Forwarded-For': f } }) },
  { name: 'markdown', expect: [200], send: (b, f) => fetch(`${b}/auth.md`, { headers: { 'X-Forwarded-For': f } }) },
  { name: '404', expect: [404], send: (b, f) => fetch(`${b}/no/such/page`, { headers: { 'X-Forwarded-For': f } }) },
];

const rssMb = (pid: number) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

const upstream = await startFakeUpstream('ok');
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const site = spawn(process.execPath, ['dist/node/main.mjs'], {
  env: {
    PATH: process.env['PATH'] ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    BASE_URL: base,
    CATALOG_ORIGIN_URL: upstream.url,
    CATALOG_ORIGIN_TIMEOUT_MS: '1000',
    CATALOG_CACHE_TTL_S: '2',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'error',
    METRICS_PORT: 'off',
    NODE_OPTIONS: process.env['SOAK_NODE_OPTIONS'] ?? '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (let i = 0; i < 100; i += 1) {
  if (
    await fetch(`${base}/healthz`).then(
      () => true,
      () => false,
    )
  )
    break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const unexpected = new Map<string, number>();
const latencies: number[] = [];
let sent = 0;
let address = 0;
const from = () => `10.77.${(address = (address + 1) % 5000) >> 8}.${address & 255}`;
const etag = (await fetch(`${base}/v1/biomarkers/public?template=public-light-eu`)).headers.get('etag') ?? '';
for (const kind of KINDS) await (await kind.send(base, from(), etag)).arrayBuffer();
const memoryIdle = rssMb(site.pid!);
// V8 grows its heap under load before it settles (measured: live heap about 40 MB, RSS
// settling near 370 MB within 25 s), so growth is measured from the end of a warm-up.
const WARM_UP_MS = Math.min(15_000, (SECONDS * 1000) / 4);
let memoryStart = memoryIdle;
setTimeout(() => (memoryStart = rssMb(site.pid!)), WARM_UP_MS);

// The upstream cycles through healthy and failing modes every 5 s.
const modes: UpstreamMode[] = ['ok', 'status-500', 'ok', 'hang', 'ok', 'html', 'ok', 'truncated'];
let phase = 0;
const memory: number[] = [];
const cycle = setInterval(() => {
  upstream.mode = modes[++phase % modes.length]!;
  memory.push(rssMb(site.pid!));
}, 5000);
const deadline = performance.now() + SECONDS * 1000;

async function worker(): Promise<void> {
  while (performance.now() < deadline) {
    const kind = KINDS[sent++ % KINDS.length]!;
    const started = performance.now();
    try {
      const res = await kind.send(base, from(), etag);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      if (!kind.expect.includes(res.status))
        unexpected.set(`${kind.name} ${res.status}`, (unexpected.get(`${kind.name} ${res.status}`) ?? 0) + 1);
    } catch (error) {
      unexpected.set(`${kind.name} ${String(error)}`, (unexpected.get(`${kind.name} ${String(error)}`) ?? 0) + 1);
    }
  }
}

await Promise.all(Array.from({ length: WORKERS }, worker));
clearInterval(cycle);
const memoryEnd = rssMb(site.pid!);
const memoryPeak = Math.round(
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${site.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
);

site.kill('SIGTERM');
await upstream.close();

latencies.sort((a, b) => a - b);
const p = (q: number) => (latencies[Math.floor(q * (latencies.length - 1))] ?? 0).toFixed(1);
console.log(
  `soak: ${SECONDS} s, ${WORKERS} concurrent clients over 5000 addresses, upstream cycling ${modes.join(' → ')}`,
);
console.log(
  `requests: ${latencies.length} (${Math.round(latencies.length / SECONDS)}/s), p50 ${p(0.5)} ms, p99 ${p(0.99)} ms, max ${p(1)} ms`,
);
console.log(`unexpected answers: ${unexpected.size === 0 ? 'none' : JSON.stringify(Object.fromEntries(unexpected))}`);
console.log(
  `site memory (RSS${process.env['SOAK_NODE_OPTIONS'] ? ` with NODE_OPTIONS=${process.env['SOAK_NODE_OPTIONS']}` : ''}): ${memoryIdle} MB idle, ${memoryStart} MB after ${WARM_UP_MS / 1000} s of load, ${memoryEnd} MB at the end, peak ${memoryPeak} MB (bound: +${MEMORY_BOUND_MB} MB after warm-up); every 5 s: ${memory.join(', ')}`,
);
const ok = unexpected.size === 0 && memoryEnd - memoryStart <= MEMORY_BOUND_MB;
console.log(ok ? 'soak passed' : 'soak FAILED');
process.exit(ok ? 0 : 1);
