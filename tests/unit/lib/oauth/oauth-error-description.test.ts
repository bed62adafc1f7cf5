import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteInput, toErrorDescription } from '../../../../src/lib/oauth/token-answer.ts';
import { RECOGNISED_PARAMS } from '../../../../src/lib/oauth/token-request.ts';
import { ERROR_DESCRIPTION_PATTERN } from '../../../../src/lib/schemas/oauth.ts';
import { FORM, JSON_TYPE, sendToken } from '../../../helpers/token-request.ts';

describe('error_description sanitising (RFC 6749 §5.2 character set)', () => {
  it('turns any text into allowed characters only', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(toErrorDescription(text)).toMatch(ERROR_DESCRIPTION_PATTERN);
      }),
    );
  });

  it('quotes any input in at most 40 characters plus an ellipsis', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const quoted = quoteInput(text);
        expect(quoted).toMatch(ERROR_DESCRIPTION_PATTERN);
        expect(quoted.length).toBeLessThanOrEqual(40 + 3 + 2);
      }),
    );
  });

  it('keeps plain ASCII as it is', () => {
    expect(toErrorDescription("grant_type 'password' is not supported")).toBe("grant_type 'password' is not supported");
  });
});

/** Parameters with rules of their own; the property below adds only others. */
const RECOGNISED = new Set<string>(RECOGNISED_PARAMS);

describe('token endpoint under arbitrary input', () => {
  const contentTypes = fc.constantFrom(FORM, JSON_TYPE, `${FORM}; charset=utf-8`, 'text/plain', '');

  it('always answers 200, 400, 401 or 413 with a schema-valid, uncached body', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ unit: 'binary' }), fc.json(), fc.uint8Array({ maxLength: 5000 })),
        contentTypes,
        fc.option(fc.constantFrom('Basic x', 'Bearer y', ''), { nil: undefined }),
        async (body, contentType, authorization) => {
          const headers: Record<string, string> = { 'Content-Type': contentType };
          if (authorization !== undefined) headers['Authorization'] = authorization;
          // readTokenAnswer fails on any other status, header set or body shape.
          const answer = await sendToken({ body, headers });
          expect([200, 400, 401, 413]).toContain(answer.status);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('grants a token for any set of extra parameters with string values', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.string({ minLength: 1 }).filter((name) => !RECOGNISED.has(name)),
          fc.string(),
        ),
        async (extra) => {
          const params: Record<string, string> = { ...extra, grant_type: 'client_credentials' };
          const body = JSON.stringify(params);
          const answer = await sendToken({ body, headers: { 'Content-Type': JSON_TYPE } });
          expect(answer.status).toBe(200);
        },
      ),
      { numRuns: 200 },
    );
  });
});
