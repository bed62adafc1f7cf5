import type { ServerResponse } from 'node:http';
import { buildProblem, serializeProblem, type ProblemInit } from '../lib/problem/problem-response.ts';

/** Writes a Problem straight to a Node response (for answers made outside Astro). */
export function sendProblem(res: ServerResponse, baseUrl: string, init: ProblemInit): void {
  const problem = buildProblem(baseUrl, init);
  const { body, headers } = serializeProblem(problem);
  const extra = init.headers === undefined ? {} : Object.fromEntries(new Headers(init.headers));
  res.writeHead(problem.status, { ...headers, ...extra, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}
