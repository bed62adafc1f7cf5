// Vitest setup file of the `integration` project: every response a test receives through `fetch`
// from a documented path of a service under test is checked against that service's OpenAPI
// document. A violation fails the test that received the response (or the file, for hooks).
import { afterAll, afterEach } from 'vitest';
import { checkExchange } from './check-exchange.ts';
import { contractFor, forgetServersUnderTest } from './servers-under-test.ts';

/** How long a response body may take to arrive before the check gives up on it. */
const BODY_DEADLINE_MS = 15_000;

/** Checks started since the last hook, each resolving to its violations. */
let pending: Array<Promise<string[]>> = [];

/**
 * The platform's fetch, kept on the global object: a worker runs several files one after the other without reloading
 * modules (`isolate: false`), and each file's run of this setup must wrap that fetch, not the previous file's wrapper.
 */
const REAL_FETCH = Symbol.for('contract-check.real-fetch');
const realFetch: typeof fetch = ((globalThis as Record<symbol, unknown>)[REAL_FETCH] ??=
  globalThis.fetch) as typeof fetch;

// The servers an earlier file of this worker registered are gone; their ports may be reused by servers outside the
// contract (a fake upstream).
forgetServersUnderTest();

function describeRequest(input: RequestInfo | URL, init: RequestInit | undefined): { url: string; method: string } {
  const request = input instanceof Request ? input : undefined;
  const url = request?.url ?? (input instanceof URL ? input.href : String(input));
  return { url, method: (init?.method ?? request?.method ?? 'GET').toUpperCase() };
}

/** Reads a copy of the body without touching the one the test reads. */
function readCopy(response: Response): Promise<string> {
  const deadline = new Promise<never>((_, reject) => {
    setTimeout(() => reject(new Error(`body not complete after ${BODY_DEADLINE_MS} ms`)), BODY_DEADLINE_MS).unref();
  });
  return Promise.race([response.clone().text(), deadline]);
}

async function check(method: string, url: string, response: Response, body: Promise<string>): Promise<string[]> {
  const target = contractFor(url);
  if (target === undefined) return [];
  let text: string;
  try {
    text = await body;
  } catch (error) {
    return [`${method} ${target.path} → ${response.status}: ${(error as Error).message}`];
  }
  const exchange = { method, path: target.path, status: response.status, headers: response.headers, body: text };
  return checkExchange(target.document, target.validator, exchange);
}

globalThis.fetch = async function contractCheckedFetch(input, init) {
  const { url, method } = describeRequest(input, init);
  const response = await realFetch(input, init);
  if (contractFor(url) !== undefined) pending.push(check(method, url, response, readCopy(response)));
  return response;
};

async function failOnViolations(): Promise<void> {
  const checks = pending;
  pending = [];
  const violations = (await Promise.all(checks)).flat();
  if (violations.length > 0) {
    throw new Error(`Responses not described by the OpenAPI document:\n  ${violations.join('\n  ')}`);
  }
}

afterEach(failOnViolations);
afterAll(failOnViolations);
