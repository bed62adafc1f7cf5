// `npm run bench:logger`: 1,000,000 request lines through the logger into a bounded
// destination on /dev/null (the write path of production, without a reader's speed), and
// the same line through pino's own serialiser for comparison, and the metrics each request
// records. Prints µs per request.
import pino from 'pino';
import { createBoundedSink } from '../src/lib/log/bounded-log-sink.ts';
import { createLogger } from '../src/lib/log/logger.ts';
import { logAddress } from '../src/lib/http/client-address.ts';
import { createRequestIdGenerator } from '../src/lib/http/request-id.ts';
import { ServiceMetrics } from '../src/lib/metrics/service-metrics.ts';

const LINES = Number(process.env['LOGGER_LINES'] ?? 1_000_000);
const open = () => pino.destination({ dest: '/dev/null', sync: false, maxLength: 4 * 1024 * 1024 });
const nextId = createRequestIdGenerator();

/** The fields of a catalog request line, as src/server/steps/request-log.ts writes them. */
const requestFields = (i: number) => ({
  service: 'site',
  method: 'GET',
  path: '/v1/biomarkers/public',
  template: 'public-light-eu',
  status: 200,
  bytes: 5123,
  durationMs: (i % 1000) / 100,
  requestId: nextId(),
  client: logAddress(`203.0.113.${i & 255}`, 'truncated'),
});

async function run(label: string, log: (i: number) => void): Promise<void> {
  for (let i = 0; i < 100_000; i += 1) log(i); // warm up
  await new Promise((resolve) => setTimeout(resolve, 200));
  const started = performance.now();
  for (let i = 0; i < LINES; i += 1) {
    log(i);
    // Yield now and then, as a server does between requests, so the destination can write.
    if ((i & 4095) === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  const ms = performance.now() - started;
  console.log(`${label.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms  ${((ms * 1000) / LINES).toFixed(3)} µs/line`);
}

const logger = createLogger('info', createBoundedSink(open(), open()));
await run('createLogger + bounded pino.destination', (i) => logger.info('request', requestFields(i)));
const viaPino = pino({ base: null, timestamp: pino.stdTimeFunctions.isoTime }, open());
await run('pino serialiser + pino.destination', (i) => viaPino.info({ event: 'request', ...requestFields(i) }));
const metrics = new ServiceMetrics();
await run('metrics.observeRequest (catalog, 200)', (i) =>
  metrics.observeRequest('site', { route: 'catalog', status: 200, durationS: (i % 1000) / 1e5 }),
);
process.exit(0);
