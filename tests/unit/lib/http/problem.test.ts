import { describe, expect, it } from 'vitest';
import { buildProblem, serializeProblem, errorHeadingParts } from '../../../../src/lib/http/problem-details.ts';
import { PROBLEM_CODES, ProblemSchema } from '../../../../src/lib/schemas/problem.ts';

describe('buildProblem', () => {
  it('builds an RFC 9457 body with a type URI pointing at the guide heading', () => {
    const problem = buildProblem('https://api.example.com', {
      code: 'bad_request',
      detail: 'template "x" is unknown',
      instance: '/v1/biomarkers/public',
    });
    const { body: text, headers } = serializeProblem(problem);
    expect(problem.status).toBe(400);
    expect(headers['Content-Type']).toBe('application/problem+json');
    const body: unknown = JSON.parse(text);
    expect(body).toEqual({
      type: 'https://api.example.com/developers#bad-request',
      title: 'Bad request',
      status: 400,
      detail: 'template "x" is unknown',
      code: 'bad_request',
      instance: '/v1/biomarkers/public',
    });
    expect(ProblemSchema.safeParse(body).success).toBe(true);
  });

  it.each(PROBLEM_CODES)('%s has an error status, a title and a heading id', (code) => {
    const problem = buildProblem('https://api.example.com', { code, detail: 'd' });
    expect(problem.status).toBeGreaterThanOrEqual(400);
    expect(problem.title.length).toBeGreaterThan(0);
    expect(errorHeadingParts(code).id).toMatch(/^[a-z-]+$/);
  });

  it('rejects a body with extra members (the schema forbids them)', () => {
    const body = { type: 'http://x/developers#a', title: 't', status: 400, detail: 'd', code: 'bad_request', extra: 1 };
    expect(ProblemSchema.safeParse(body).success).toBe(false);
  });
});

describe('errorHeadingParts', () => {
  it('gives every error heading of the guide one id pattern, the Problem type fragment', () => {
    expect(errorHeadingParts('rate_limited')).toEqual({ id: 'rate-limited', code: 'rate_limited', status: '429' });
    // The token endpoint's one OAuth error that is no Problem code follows the same pattern.
    expect(errorHeadingParts('invalid_client')).toEqual({
      id: 'invalid-client',
      code: 'invalid_client',
      status: '400, 401',
    });
    expect(() => errorHeadingParts('teapot')).toThrow(/not an error code/);
  });
});
