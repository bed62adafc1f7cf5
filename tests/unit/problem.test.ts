import { describe, expect, it } from 'vitest';
import { PROBLEM_TYPES, problemHeadingId } from '../../src/lib/problem/problem-types.ts';
import { problemResponse } from '../../src/lib/problem/problem-response.ts';
import { PROBLEM_CODES, ProblemSchema } from '../../src/lib/schemas/problem.ts';

describe('problemResponse', () => {
  it('builds an RFC 9457 body with a type URI pointing at the guide heading', async () => {
    const response = problemResponse('https://api.example.com', {
      code: 'bad_request',
      detail: 'template "x" is unknown',
      instance: '/v1/biomarkers/public',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const body = await response.json();
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

  it('keeps extra headers such as Allow', () => {
    const response = problemResponse('http://x', {
      code: 'method_not_allowed',
      detail: 'd',
      headers: { Allow: 'GET' },
    });
    expect(response.headers.get('allow')).toBe('GET');
  });

  it.each(PROBLEM_CODES)('%s has a status, a title and a distinct heading id', (code) => {
    expect(PROBLEM_TYPES[code].status).toBeGreaterThanOrEqual(400);
    expect(PROBLEM_TYPES[code].title.length).toBeGreaterThan(0);
    expect(problemHeadingId(code)).toMatch(/^[a-z-]+$/);
  });

  it('rejects a body with extra members (the schema forbids them)', () => {
    const body = { type: 'http://x/developers#a', title: 't', status: 400, detail: 'd', code: 'bad_request', extra: 1 };
    expect(ProblemSchema.safeParse(body).success).toBe(false);
  });
});
