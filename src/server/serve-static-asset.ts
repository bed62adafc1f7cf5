import type { IncomingMessage, ServerResponse } from 'node:http';
import { acceptsGzip, etagMatches } from '../lib/http/conditional.ts';
import { sendProblem } from './send-problem.ts';
import { assetContent, gzipOf, type StaticAsset } from './static-assets.ts';

const ALLOW = 'GET, HEAD, OPTIONS';

/** Answers a request for a file of the build output from memory (GET, HEAD, OPTIONS). */
export function serveStaticAsset(req: IncomingMessage, res: ServerResponse, asset: StaticAsset, baseUrl: string): void {
  const method = req.method ?? 'GET';
  if (method === 'OPTIONS') {
    res.writeHead(204, { Allow: ALLOW, 'Access-Control-Allow-Methods': ALLOW });
    return void res.end();
  }
  if (method !== 'GET' && method !== 'HEAD') {
    return sendProblem(res, baseUrl, {
      code: 'method_not_allowed',
      detail: `${method} is not supported on static files; use GET or HEAD.`,
      instance: req.url?.split('?', 1)[0] ?? '/',
      headers: { Allow: ALLOW },
    });
  }
  const content = assetContent(asset);
  const headers: Record<string, string | number> = {
    'Content-Type': asset.contentType,
    'Cache-Control': asset.cacheControl,
    ETag: content.etag,
  };
  if (content.compressible) headers['Vary'] = 'Accept-Encoding';
  if (etagMatches(req.headers['if-none-match'], content.etag)) {
    res.writeHead(304, headers);
    return void res.end();
  }
  const gzip = content.compressible && acceptsGzip(req.headers['accept-encoding']);
  const body = gzip ? gzipOf(content) : content.body;
  if (gzip) headers['Content-Encoding'] = 'gzip';
  headers['Content-Length'] = body.length;
  res.writeHead(200, headers);
  res.end(method === 'HEAD' ? undefined : body);
}
