import { describe, expect, it } from 'vitest';
import { form, json, sendToken, type TokenRequestInit } from '../../../helpers/token-request.ts';

const GRANT = 'grant_type=client_credentials';

/** [name, request, expected status, expected error (undefined: a token)] */
type Case = [string, TokenRequestInit, number, string | undefined];

const expectAnswer = async ([, init, status, error]: Case) => {
  const answer = await sendToken(init);
  expect(answer.status).toBe(status);
  if (error === undefined) expect(answer.body).toMatchObject({ token_type: 'Bearer', scope: 'catalog.read' });
  else expect(answer.body).toMatchObject({ error });
  return answer;
};

describe('token endpoint: grant type', () => {
  it.each<Case>([
    ['issues a token for client_credentials', form(GRANT), 200, undefined],
    ['refuses password', form('grant_type=password&username=a&password=b'), 400, 'unsupported_grant_type'],
    ['refuses authorization_code', form('grant_type=authorization_code&code=x'), 400, 'unsupported_grant_type'],
    ['refuses refresh_token', form('grant_type=refresh_token&refresh_token=x'), 400, 'unsupported_grant_type'],
    [
      'refuses a JWT bearer grant',
      form('grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer'),
      400,
      'unsupported_grant_type',
    ],
    ['is case-sensitive', form('grant_type=Client_Credentials'), 400, 'unsupported_grant_type'],
    ['does not trim', form('grant_type=client_credentials+'), 400, 'unsupported_grant_type'],
    ['refuses password in JSON too', json('{"grant_type":"password"}'), 400, 'unsupported_grant_type'],
  ])('%s', async (...testCase) => {
    await expectAnswer(testCase);
  });

  it('names the refused grant type and the one to use', async () => {
    const answer = await sendToken(form('grant_type=password'));
    expect(answer.body).toEqual({
      error: 'unsupported_grant_type',
      error_description: "grant_type 'password' is not supported; use client_credentials",
    });
  });
});

describe('token endpoint: scope', () => {
  it.each<Case>([
    ['grants catalog.read when asked', form(`${GRANT}&scope=catalog.read`), 200, undefined],
    ['grants catalog.read when no scope is asked', form(GRANT), 200, undefined],
    ['refuses an extra scope next to catalog.read', form(`${GRANT}&scope=catalog.read+extra`), 400, 'invalid_scope'],
    [
      'refuses catalog.read twice in one value',
      form(`${GRANT}&scope=catalog.read%20catalog.read`),
      400,
      'invalid_scope',
    ],
    ['refuses another scope', form(`${GRANT}&scope=catalog.write`), 400, 'invalid_scope'],
    ['refuses openid', json('{"grant_type":"client_credentials","scope":"openid"}'), 400, 'invalid_scope'],
    ['is case-sensitive', form(`${GRANT}&scope=CATALOG.READ`), 400, 'invalid_scope'],
    ['refuses a scope with surrounding spaces', form(`${GRANT}&scope=+catalog.read`), 400, 'invalid_scope'],
    ['refuses a scope of spaces only (not empty)', form(`${GRANT}&scope=+`), 400, 'invalid_scope'],
  ])('%s', async (...testCase) => {
    await expectAnswer(testCase);
  });

  it('names the refused scope and the only one', async () => {
    const answer = await sendToken(form(`${GRANT}&scope=catalog.read+extra`));
    expect(answer.body).toMatchObject({
      error_description: "scope 'catalog.read extra' is not available; the only scope is catalog.read",
    });
  });
});

describe('token endpoint: client_id (optional, not registered)', () => {
  it.each<Case>([
    ['accepts a usual client_id', form(`${GRANT}&client_id=my-app`), 200, undefined],
    ['accepts 255 printable ASCII characters', form(`${GRANT}&client_id=${'a'.repeat(255)}`), 200, undefined],
    ['accepts a space (VSCHAR, RFC 6749 Appendix A.1)', form(`${GRANT}&client_id=my+app`), 200, undefined],
    ['refuses 256 characters', form(`${GRANT}&client_id=${'a'.repeat(256)}`), 400, 'invalid_request'],
    ['refuses non-ASCII', form(`${GRANT}&client_id=caf%C3%A9`), 400, 'invalid_request'],
    ['refuses a control character', form(`${GRANT}&client_id=a%0Ab`), 400, 'invalid_request'],
    [
      'refuses a bad client_id in JSON',
      json('{"grant_type":"client_credentials","client_id":"a\\u0000"}'),
      400,
      'invalid_request',
    ],
  ])('%s', async (...testCase) => {
    await expectAnswer(testCase);
  });
});

describe('token endpoint: public clients only (RFC 6749 §5.2)', () => {
  it.each<Case>([
    ['refuses client_secret with 400', form(`${GRANT}&client_id=a&client_secret=s`), 400, 'invalid_client'],
    [
      'refuses client_secret in JSON with 400',
      json('{"grant_type":"client_credentials","client_secret":"s"}'),
      400,
      'invalid_client',
    ],
    ['refuses client_assertion with 400', form(`${GRANT}&client_assertion=eyJ.x.y`), 400, 'invalid_client'],
    ['refuses client_assertion_type with 400', form(`${GRANT}&client_assertion_type=urn%3Ax`), 400, 'invalid_client'],
  ])('%s', async (...testCase) => {
    const answer = await expectAnswer(testCase);
    expect(answer.headers.get('www-authenticate')).toBeNull();
  });

  it.each([
    ['Basic YTpi', 'Basic realm="catalog"'],
    ['basic YTpi', 'Basic realm="catalog"'],
    ['Bearer abc', 'Bearer realm="catalog"'],
    ['DPoP abc', 'DPoP realm="catalog"'],
    ['Digest username="a"', 'Digest realm="catalog"'],
    ['Basic', 'Basic realm="catalog"'],
    ['{not-a-scheme} x', 'Basic realm="catalog"'],
    [`${'X'.repeat(40)} x`, 'Basic realm="catalog"'],
  ])('answers Authorization: %s with 401 and WWW-Authenticate: %s', async (authorization, challenge) => {
    const answer = await sendToken(form(GRANT, { Authorization: authorization }));
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ error: 'invalid_client' });
    expect(answer.headers.get('www-authenticate')).toBe(challenge);
  });

  it('treats an empty Authorization header as absent', async () => {
    expect((await sendToken(form(GRANT, { Authorization: '' }))).status).toBe(200);
  });
});

describe('token endpoint: order of the rules', () => {
  it.each<Case>([
    [
      'a missing grant_type before client authentication',
      form('client_secret=s', { Authorization: 'Basic x' }),
      400,
      'invalid_request',
    ],
    [
      'a bad client_id before client authentication',
      form(`${GRANT}&client_id=%00`, { Authorization: 'Basic x' }),
      400,
      'invalid_request',
    ],
    ['client authentication before the grant type', form('grant_type=password&client_secret=s'), 400, 'invalid_client'],
    [
      'the Authorization header before the grant type',
      form('grant_type=password', { Authorization: 'Basic x' }),
      401,
      'invalid_client',
    ],
    ['the grant type before the scope', form('grant_type=password&scope=x'), 400, 'unsupported_grant_type'],
  ])('reports %s', async (...testCase) => {
    await expectAnswer(testCase);
  });
});

describe('token endpoint: success (RFC 6749 §5.1)', () => {
  it('answers a TokenSuccess with Bearer, 3600 s and catalog.read, never cached', async () => {
    const answer = await sendToken(form(GRANT));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'catalog.read',
    });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('pragma')).toBe('no-cache');
  });

  it('mints distinct base64url tokens of at least 128 random bits', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const answer = await sendToken(form(GRANT));
      if (answer.status !== 200) throw new Error('expected a token');
      const token = answer.body.access_token;
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(token, 'base64url').byteLength).toBeGreaterThanOrEqual(16);
      tokens.add(token);
    }
    expect(tokens.size).toBe(200);
  });
});

describe('token endpoint: error_description is plain ASCII', () => {
  it.each([
    [
      'non-ASCII input',
      'grant_type=p%C3%A4ssw%C3%B6rd',
      "grant_type 'p?ssw?rd' is not supported; use client_credentials",
    ],
    [
      'a double quote and a backslash',
      'grant_type=a%22b%5Cc',
      "grant_type 'a?b?c' is not supported; use client_credentials",
    ],
    ['control characters', 'grant_type=a%0D%0Ab', "grant_type 'a??b' is not supported; use client_credentials"],
    ['an emoji', 'grant_type=%F0%9F%94%91', "grant_type '?' is not supported; use client_credentials"],
    [
      'long input, cut at 40 characters',
      `grant_type=${'x'.repeat(100)}`,
      `grant_type '${'x'.repeat(40)}...' is not supported; use client_credentials`,
    ],
  ])('never echoes %s', async (_name, body, description) => {
    const answer = await sendToken(form(body));
    expect(answer.body).toMatchObject({ error_description: description });
  });
});
