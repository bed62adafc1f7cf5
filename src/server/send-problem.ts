import type { ServerResponse } from 'node:http';
import { buildProblem, serializeProblem, type ProblemInit } from '../lib/problem/problem-response.ts';

/**
 * Writes a Problem straight to a Node response with one `writeHead`: `base` (a flat
 * name/value list: the rate-limit and baseline headers) first, when the caller has not
 * set them on `res` already.
 */
export function sendProblem(
  res: ServerResponse,
  baseUrl: string,
  init: ProblemInit,
  base: readonly string[] = [],
): void {
  const problem = buildProblem(baseUrl, init);
  const { body, headers } = serializeProblem(problem);
  const flat = [...base];
  if (init.headers !== undefined) for (const [name, value] of new Headers(init.headers)) flat.push(name, value);
  for (const [name, value] of Object.entries(headers)) flat.push(name, value);
  flat.push('Content-Length', String(Buffer.byteLength(body)));
  res.writeHead(problem.status, flat);
  res.end(body);
}
