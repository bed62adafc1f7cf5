import type { ProblemCode } from '../schemas/problem.ts';

/** Status and title of each problem type; the single table behind every Problem (spec section 7). */
export const PROBLEM_TYPES: Record<ProblemCode, { status: number; title: string }> = {
  bad_request: { status: 400, title: 'Bad request' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  unsupported_grant_type: { status: 400, title: 'Unsupported grant type' },
  invalid_request: { status: 400, title: 'Invalid request' },
  invalid_scope: { status: 400, title: 'Invalid scope' },
  bad_gateway: { status: 502, title: 'Bad gateway' },
  internal_error: { status: 500, title: 'Internal error' },
  rate_limited: { status: 429, title: 'Too many requests' },
};

/**
 * The `id` of the developer-guide heading that documents a code. The guide's "Errors"
 * section must carry exactly these ids; a test checks the served page for each.
 */
export const problemHeadingId = (code: ProblemCode): string => code.replaceAll('_', '-');

/** The Problem `type` URI for a code: `{base_url}/developers#<heading-id>` (spec 2.5). */
export const problemTypeUri = (baseUrl: string, code: ProblemCode): string =>
  `${baseUrl}/developers#${problemHeadingId(code)}`;
