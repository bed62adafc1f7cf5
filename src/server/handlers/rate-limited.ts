import { negotiate } from '../../lib/http/accept.ts';
import { localeOfPath } from '../../lib/content/error-page-templates.ts';
import type { RateLimitDecision } from '../../lib/rate-limit/limiter.ts';
import type { ErrorPages } from '../store/error-pages.ts';
import { memoizeByHeader, sendBody, sendProblem, type Exchange } from '../http/send.ts';
import { rateLimitedDetail } from '../steps/rate-limit.ts';

/** Forms of a 429 outside the API, in order of preference: `*\/*` and no `Accept` get the Problem. */
const RATE_LIMITED_OFFERS = ['application/problem+json', 'application/json', 'text/html'] as const;

/** The 429's forms depend on `Accept` outside the API (RFC 9110 §12.5.5). */
const VARY = { Vary: 'Accept' };

/** Whether `Accept` prefers HTML to a Problem (RFC 9110 §12.5.1), parsed once per distinct header. */
const prefersHtml = memoizeByHeader((accept) => negotiate(accept, RATE_LIMITED_OFFERS) === 'text/html');

/**
 * The 429 (RFC 6585 §4): a `rate_limited` Problem, or for browsers the build's styled page; `api` paths (the paths
 * of the OpenAPI document, whose clients are programs) and Markdown clients always get the Problem. Both carry
 * Retry-After and the RateLimit headers; `free`: a request that costs no quota passed the ceiling of such requests.
 */
export function answerRateLimited(
  exchange: Exchange,
  path: string | undefined,
  decision: RateLimitDecision,
  errorPages: ErrorPages,
  api: boolean,
  free = false,
): void {
  const instance = path === undefined ? {} : { instance: path };
  const problem = { code: 'rate_limited', detail: rateLimitedDetail(decision, free), ...instance } as const;
  if (api || path === undefined) return sendProblem(exchange, problem);
  if (!prefersHtml(exchange.req.headers.accept)) return sendProblem(exchange, { ...problem, headers: VARY });
  const page = errorPages.rateLimited(localeOfPath(path), path, decision.resetSeconds);
  if (page === undefined) return sendProblem(exchange, { ...problem, headers: VARY });
  // The same Cache-Control as the Problem: a refusal must not be stored (RFC 6585 §4).
  const headers = ['Vary', 'Accept', 'Cache-Control', 'no-store'];
  sendBody(exchange, 429, 'text/html; charset=utf-8', page.body, { headers, policy: page.policy });
}
