// Baseline of `npm run bench`: a plain node:http server writing the same bytes and headers
// as the site's catalog response, with no routing, limiter or cache logic at all.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const fixture = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as {
  headers: Record<string, string>;
  body: string;
};
const body = Buffer.from(fixture.body, 'base64');
const headers = { ...fixture.headers, 'content-length': String(body.length) };
const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 5000;
server.listen(Number(process.argv[3]), '127.0.0.1');
process.once('SIGTERM', () => process.exit(0));
