import type { IncomingMessage, ServerResponse } from 'node:http';
import { negotiate } from '../lib/http/accept.ts';
import { localeOfPath } from '../lib/errors/error-page-templates.ts';
import type { RateLimitDecision } from '../lib/rate-limit/fixed-window-limiter.ts';
import type { ErrorPages } from './error-pages.ts';
import { memoizeByHeader } from './header-memo.ts';
import { rateLimitedDetail } from './rate-limit-step.ts';
import { sendProblem } from './send-problem.ts';
import { sendBody } from './send-representation.ts';

/** Forms of a 429 outside the API, in order of preference: `*\/*` and no `Accept` get the Problem. */
const RATE_LIMITED_OFFERS = ['application/problem+json', 'application/json', 'text/html'] as const;

/** The 429's forms depend on `Accept` outside the API (RFC 9110 §12.5.5). */
const VARY = { Vary: 'Accept' };

/** Whether `Accept` prefers HTML to a Problem (RFC 9110 §12.5.1), parsed once per distinct header. */
const prefersHtml = memoizeByHeader((accept) => negotiate(accept, RATE_LIMITED_OFFERS) === 'text/html');

/**
 * The 429 of a refused request (RFC 6585 §4; spec 7 and 8): a `rate_limited` Problem, or for
 * a browser (`Accept` preferring HTML) the styled page the build prepared in the path's
 * locale, saying in how many seconds to retry. Both carry `base`: Retry-After and the
 * RateLimit headers. The `api` paths (spec 7.1) and Markdown clients always get the Problem.
 */
export function sendRateLimited(
  req: IncomingMessage,
  res: ServerResponse,
  base: string[],
  baseUrl: string,
  path: string | undefined,
  decision: RateLimitDecision,
  errorPages: ErrorPages,
  api: boolean,
): void {
  const instance = path === undefined ? {} : { instance: path };
  const problem = { code: 'rate_limited', detail: rateLimitedDetail(decision), ...instance } as const;
  if (api || path === undefined) return sendProblem(res, baseUrl, problem, base);
  if (!prefersHtml(req.headers.accept)) return sendProblem(res, baseUrl, { ...problem, headers: VARY }, base);
  const page = errorPages.rateLimited(localeOfPath(path), path, decision.resetSeconds);
  if (page === undefined) return sendProblem(res, baseUrl, { ...problem, headers: VARY }, base);
  // The same Cache-Control as the Problem: a refusal must not be stored (RFC 6585 §4).
  const headers = [...base, 'Vary', 'Accept', 'Cache-Control', 'no-store'];
  sendBody(req, res, 429, headers, 'text/html; charset=utf-8', page.body, page.policy);
}
