// Baseline of `npm run bench`: a plain node:http server writing one response the site sent
// (status, every header, body, chunked or not), with no routing, limiter or logic at all.
// Usage: node scripts/bench/plain-server.ts <captured-response.json> <port>
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { CapturedResponse } from './capture.ts';

const captured = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as CapturedResponse;
const body = Buffer.from(captured.body, 'base64');
const server = createServer((req, res) => {
  // Read the request body (a token request's form) before answering, as any server must.
  req.resume();
  req.once('end', () => {
    res.writeHead(captured.status, captured.headers);
    // A body written before end() goes out chunked when the headers name no length.
    if (captured.chunked) res.write(body);
    res.end(captured.chunked ? undefined : body);
  });
});
// The site's keep-alive timeout (KEEP_ALIVE_TIMEOUT_S=65), so Keep-Alive reads the same.
server.keepAliveTimeout = 65_000;
server.listen(Number(process.argv[3]), '127.0.0.1');
process.once('SIGTERM', () => process.exit(0));
