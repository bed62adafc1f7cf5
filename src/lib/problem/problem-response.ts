import type { Problem, ProblemCode } from '../schemas/problem.ts';
import { PROBLEM_TYPES, problemTypeUri } from './problem-types.ts';

/** Media type of RFC 9457 problem details (RFC 9457 §3). */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** What varies between two occurrences of the same problem type. */
export interface ProblemInit {
  code: ProblemCode;
  /** Explanation specific to this occurrence; never a stack trace. */
  detail: string;
  /** Request path or other URI reference identifying this occurrence. */
  instance?: string;
  /** Extra response headers, e.g. `Allow` on a 405 or `Retry-After` on a 429. */
  headers?: HeadersInit;
  /**
   * A more precise status of the same problem type, for transport-level refusals of
   * `bad_request` (408, 413, 414, 417, 431); defaults to the type's status.
   */
  status?: 408 | 413 | 414 | 417 | 431;
}

/** Builds the body of a Problem; the one place a Problem's fields are chosen. */
export function buildProblem(baseUrl: string, init: Omit<ProblemInit, 'headers'>): Problem {
  const { title } = PROBLEM_TYPES[init.code];
  const status = init.status ?? PROBLEM_TYPES[init.code].status;
  return {
    type: problemTypeUri(baseUrl, init.code),
    title,
    status,
    detail: init.detail,
    code: init.code,
    ...(init.instance === undefined ? {} : { instance: init.instance }),
  };
}

/** Serialises a Problem body to the bytes and headers every error response uses. */
export function serializeProblem(problem: Problem): { body: string; headers: Record<string, string> } {
  return {
    body: JSON.stringify(problem),
    headers: { 'Content-Type': PROBLEM_CONTENT_TYPE, 'Cache-Control': 'no-store' },
  };
}

/** A complete RFC 9457 Problem response. */
export function problemResponse(baseUrl: string, init: ProblemInit): Response {
  const problem = buildProblem(baseUrl, init);
  const { body, headers } = serializeProblem(problem);
  const merged = new Headers(init.headers);
  for (const [name, value] of Object.entries(headers)) merged.set(name, value);
  return new Response(body, { status: problem.status, headers: merged });
}
