// The floor of `npm run bench`: the plain server's write of one captured response, with
// only the steps every response must keep in front of it, taken
// from the site's own modules: the rate limiter and its headers with the baseline headers,
// the request log (a JSON line per request to stdout) and the request metrics. No routing,
// negotiation or lookup. Its ratio to the plain server is the most the site can reach while
// it keeps those steps: what the site loses beyond it is the site's own.
// Usage: node scripts/bench/floor-server.ts <captured-response.json> <port>
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { parseConfig } from '../../src/lib/config/config.ts';
import { baselineHeaders } from '../../src/lib/http/response-headers.ts';
import { SERVER_TIMEOUTS } from '../../src/lib/config/env-schema.ts';
import { createLogger } from '../../src/lib/log/logger.ts';
import { processMetrics } from '../../src/lib/metrics/service-metrics.ts';
import { rateLimitHeaders } from '../../src/lib/rate-limit/headers.ts';
import { createQuotaLimiter } from '../../src/lib/rate-limit/policy-limiters.ts';
import { countRequest } from '../../src/server/steps/rate-limit.ts';
import { createRequestLog } from '../../src/server/steps/request-log.ts';
import type { CapturedResponse } from './capture.ts';

const captured = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as CapturedResponse;
const body = Buffer.from(captured.body, 'base64');
// The site's defaults, with TRUST_PROXY=1 as the bench starts it, so the steps see what the site's see.
const config = parseConfig({ TRUST_PROXY: '1' });
const limiter = createQuotaLimiter(config.rateLimitMaxClients);
const step = { limiter, trustProxy: config.trustProxy, baseline: baselineHeaders(config) };
const metrics = processMetrics();
const requestLog = createRequestLog({
  logger: createLogger(config.logLevel),
  service: 'site',
  trustProxy: config.trustProxy,
  clientAddress: config.logClientAddress,
  observe: (request) => metrics.observeRequest('site', request),
});
// What the steps write is theirs; the captured response keeps the rest, in its order. The
// names come from a decision looked at, not taken: no window is counted before the load.
const stepNames = new Set(
  [
    ...step.baseline.map(([name]) => name),
    ...rateLimitHeaders(limiter.peek('')).map(([name]) => name),
    'X-Request-Id',
  ].map((name) => name.toLowerCase()),
);
const rest = captured.headers.filter((_, i, all) => !stepNames.has(all[i - (i % 2)]!.toLowerCase()));

const { socketTimeout, ...timeouts } = SERVER_TIMEOUTS;
const server = createServer(timeouts, (req, res) => {
  const path = req.url?.split('?', 1)[0];
  const { headers, address } = countRequest(req, step);
  headers.push('X-Request-Id', requestLog.begin(req, res, path, address, 'catalog'), ...rest);
  req.resume();
  req.once('end', () => {
    res.writeHead(captured.status, headers);
    if (captured.chunked) res.write(body);
    res.end(captured.chunked ? undefined : body);
  });
});
server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveTimeout;
server.timeout = socketTimeout;
server.listen(Number(process.argv[3]), '127.0.0.1');
process.once('SIGTERM', () => process.exit(0));
