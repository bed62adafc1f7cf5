import { INVALID_CLIENT } from '../schemas/oauth.ts';
import { PROBLEM_CODES, type Problem, type ProblemCode } from '../schemas/problem.ts';

/** Status and title of each problem type; the single table behind every Problem. */
const PROBLEM_TYPES: Record<ProblemCode, { status: number; title: string }> = {
  bad_request: { status: 400, title: 'Bad request' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  precondition_failed: { status: 412, title: 'Precondition failed' },
  unsupported_grant_type: { status: 400, title: 'Unsupported grant type' },
  invalid_request: { status: 400, title: 'Invalid request' },
  invalid_scope: { status: 400, title: 'Invalid scope' },
  bad_gateway: { status: 502, title: 'Bad gateway' },
  internal_error: { status: 500, title: 'Internal error' },
  rate_limited: { status: 429, title: 'Too many requests' },
  service_unavailable: { status: 503, title: 'Service unavailable' },
  not_implemented: { status: 501, title: 'Not implemented' },
};

/** The guide heading `id` documenting a code; the "Errors" section must carry exactly these (a test checks). */
const problemHeadingId = (code: ProblemCode): string => code.replaceAll('_', '-');

/** The Problem `type` URI for a code: `{base_url}/developers#<heading-id>`, the guide's heading for that code. */
const problemTypeUri = (baseUrl: string, code: ProblemCode): string =>
  `${baseUrl}/developers#${problemHeadingId(code)}`;

/** What the guide shows for one error code: the heading's `id`, the code and its status. */
export interface ErrorHeadingParts {
  /** The fragment of the Problem `type` URI, e.g. `rate-limited`; the same pattern for the others. */
  id: string;
  code: string;
  /** The status, or statuses (`400, 401`). */
  status: string;
}

/** The OAuth-only error code, with its statuses (400 for a secret or assertion, 401 for `Authorization`). */
const OAUTH_ONLY_ERRORS: Record<string, string> = { [INVALID_CLIENT]: '400, 401' };

/**
 * The "Errors" heading parts for `code`, shared by HTML and Markdown; throws on an unknown code so a typo fails the
 * build.
 */
export function errorHeadingParts(code: string): ErrorHeadingParts {
  const known = PROBLEM_CODES.find((candidate) => candidate === code);
  if (known !== undefined) {
    return { id: problemHeadingId(known), code: known, status: String(PROBLEM_TYPES[known].status) };
  }
  const oauth = OAUTH_ONLY_ERRORS[code];
  if (oauth === undefined) throw new Error(`<ErrorHeading code="${code}">: not an error code of the service`);
  return { id: code.replaceAll('_', '-'), code, status: oauth };
}

/** A 405's detail: the method refused, and those the path takes. */
export const methodNotAllowedDetail = (method: string, path: string, allowed: readonly string[]): string =>
  `${method} is not supported on ${path}; use ${allowed.join(' or ')}.`;

/** A 412's detail: the `If-Match` of a GET or HEAD named no current representation. */
export const PRECONDITION_FAILED_DETAIL =
  'If-Match names no current representation of this resource (strong comparison, RFC 9110 §13.1.1).';

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
  /** A more precise status for transport-level refusals of `bad_request`; defaults to the type's. */
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
