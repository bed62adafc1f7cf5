import { describe, expect, it } from 'vitest';
import { parseTokenBody } from '../../../../src/lib/oauth/token-request.ts';
import { form, json, sendToken, type TokenRequestInit } from '../../../helpers/token-request.ts';

const GRANT = 'grant_type=client_credentials';
const JSON_GRANT = '{"grant_type":"client_credentials"}';

/** [name, request, expected status, expected error (undefined: a token)] */
type Case = [string, TokenRequestInit, number, string | undefined];

describe('token endpoint: content types', () => {
  it.each<Case>([
    ['accepts a form', form(GRANT), 200, undefined],
    [
      'accepts a form with charset=UTF-8',
      form(GRANT, { 'Content-Type': `${'application/x-www-form-urlencoded'}; charset=UTF-8` }),
      200,
      undefined,
    ],
    [
      'accepts a form type in any case, quoted charset',
      form(GRANT, { 'Content-Type': 'Application/X-WWW-Form-URLEncoded;charset="utf-8"' }),
      200,
      undefined,
    ],
    ['accepts JSON', json(JSON_GRANT), 200, undefined],
    [
      'accepts JSON with charset=utf-8',
      json(JSON_GRANT, { 'Content-Type': 'application/json; charset=utf-8' }),
      200,
      undefined,
    ],
    [
      'ignores other media type parameters',
      json(JSON_GRANT, { 'Content-Type': 'application/json; foo=bar' }),
      200,
      undefined,
    ],
    [
      'refuses a charset other than UTF-8',
      form(GRANT, { 'Content-Type': 'application/x-www-form-urlencoded; charset=iso-8859-1' }),
      400,
      'invalid_request',
    ],
    ['refuses a missing Content-Type', { body: GRANT }, 400, 'invalid_request'],
    ['refuses an empty Content-Type', { body: GRANT, headers: { 'Content-Type': '' } }, 400, 'invalid_request'],
    ['refuses text/plain', { body: GRANT, headers: { 'Content-Type': 'text/plain' } }, 400, 'invalid_request'],
    [
      'refuses multipart/form-data',
      { body: GRANT, headers: { 'Content-Type': 'multipart/form-data; boundary=x' } },
      400,
      'invalid_request',
    ],
    [
      'refuses a +json suffix type',
      json(JSON_GRANT, { 'Content-Type': 'application/merge-patch+json' }),
      400,
      'invalid_request',
    ],
    [
      'refuses a type that only starts like JSON',
      json(JSON_GRANT, { 'Content-Type': 'application/jsonp' }),
      400,
      'invalid_request',
    ],
  ])('%s', async (_name, init, status, error) => {
    const answer = await sendToken(init);
    expect(answer.status).toBe(status);
    if (error === undefined) expect(answer.body).toHaveProperty('access_token');
    else expect(answer.body).toMatchObject({ error });
  });

  it('names the supported types when the type is wrong', async () => {
    const answer = await sendToken({ body: GRANT, headers: { 'Content-Type': 'text/plain' } });
    expect(answer.body).toMatchObject({
      error_description:
        "Content-Type 'text/plain' is not supported; use application/x-www-form-urlencoded or application/json",
    });
  });
});

describe('token endpoint: malformed bodies are invalid_request', () => {
  it.each<[string, TokenRequestInit, RegExp]>([
    ['a bad percent-escape', form('grant_type=%ZZclient_credentials'), /percent-encoding/],
    ['percent-encoded bytes that are not UTF-8', form('grant_type=%E0%A4%A'), /percent-encoding/],
    [
      'raw bytes that are not UTF-8',
      { body: new Uint8Array([0x67, 0xff, 0x3d]), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
      /not valid UTF-8/,
    ],
    ['invalid JSON', json('{"grant_type":'), /not valid JSON/],
    ['an empty JSON body', json(''), /not valid JSON/],
    ['a JSON array', json('[{"grant_type":"client_credentials"}]'), /must be an object, not an array/],
    ['JSON null', json('null'), /must be an object, not null/],
    ['a JSON string', json('"client_credentials"'), /must be an object, not a string/],
    ['a JSON number', json('42'), /must be an object, not a number/],
    ['a number value', json('{"grant_type":1}'), /'grant_type' must be a string, not a number/],
    ['a null value', json('{"grant_type":null}'), /must be a string, not null/],
    ['an array value', json('{"grant_type":["client_credentials"]}'), /must be a string, not an array/],
    ['an object value', json('{"grant_type":{"v":"client_credentials"}}'), /must be a string, not an object/],
    [
      'a boolean value',
      json('{"grant_type":"client_credentials","scope":true}'),
      /'scope' must be a string, not a boolean/,
    ],
    [
      'a non-string value of an unknown member',
      json('{"grant_type":"client_credentials","n":1}'),
      /'n' must be a string/,
    ],
  ])('refuses %s', async (_name, init, description) => {
    const answer = await sendToken(init);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringMatching(description),
    });
  });

  it('decodes + as a space and percent-escapes in a form', async () => {
    const answer = await sendToken(form('grant_type=client%5Fcredentials&client_id=my+app%21'));
    expect(answer.status).toBe(200);
    expect(parseTokenBody(Buffer.from('client_id=my+app%21&scope=catalog.read'), 'form')).toEqual({
      ok: true,
      value: [
        ['client_id', 'my app!'],
        ['scope', 'catalog.read'],
      ],
    });
  });

  it('decodes each body on its own: one that is not UTF-8 leaves the next one whole', () => {
    const bad = new Uint8Array([0x67, 0x3d, 0xe2, 0x82]); // "g=" and a cut-off euro sign
    const good = Buffer.from('client_id=caf\u00e9\u20ac', 'utf8');
    expect(parseTokenBody(bad, 'form').ok).toBe(false);
    expect(parseTokenBody(good, 'form')).toEqual({ ok: true, value: [['client_id', 'caf\u00e9\u20ac']] });
    expect(parseTokenBody(bad, 'form').ok).toBe(false);
  });
});

describe('token endpoint: RFC 6749 §3.2 parameter rules', () => {
  it.each<Case>([
    ['refuses grant_type sent twice in a form', form(`${GRANT}&${GRANT}`), 400, 'invalid_request'],
    [
      'refuses scope sent twice, even with equal values',
      form(`${GRANT}&scope=catalog.read&scope=catalog.read`),
      400,
      'invalid_request',
    ],
    ['refuses scope sent twice when one is empty', form(`${GRANT}&scope=&scope=catalog.read`), 400, 'invalid_request'],
    ['refuses client_id sent twice', form(`${GRANT}&client_id=a&client_id=a`), 400, 'invalid_request'],
    [
      'refuses a JSON member sent twice',
      json('{"grant_type":"client_credentials","grant_type":"client_credentials"}'),
      400,
      'invalid_request',
    ],
    [
      'refuses a JSON member sent twice under an escaped name',
      json('{"grant_type":"client_credentials","grant\\u005ftype":"password"}'),
      400,
      'invalid_request',
    ],
    [
      'refuses a duplicate whose overwritten value was no string',
      json('{"a":1,"a":"grant_type","client_credentials":"x"}'),
      400,
      'invalid_request',
    ],
    [
      'refuses grant_type sent twice, first as a number',
      json('{"grant_type":1,"grant_type":"client_credentials"}'),
      400,
      'invalid_request',
    ],
    [
      'reads members past nested values and escaped quotes',
      json('{"x\\"":"a,\\"}","grant_type":"client_credentials","scope":"catalog.read"}'),
      200,
      undefined,
    ],
    ['ignores an unknown parameter sent twice', form(`${GRANT}&audience=a&audience=b`), 200, undefined],
    ['ignores unknown form parameters', form(`${GRANT}&resource=https%3A%2F%2Fx.example&foo=bar`), 200, undefined],
    ['ignores unknown JSON members', json('{"grant_type":"client_credentials","audience":"x"}'), 200, undefined],
    ['treats an empty grant_type as missing', form('grant_type=&scope=catalog.read'), 400, 'invalid_request'],
    ['treats grant_type without = as missing', form('grant_type'), 400, 'invalid_request'],
    ['refuses an empty body (grant_type missing)', form(''), 400, 'invalid_request'],
    ['refuses an empty JSON object (grant_type missing)', json('{}'), 400, 'invalid_request'],
    ['treats an empty scope as omitted', form(`${GRANT}&scope=`), 200, undefined],
    ['treats an empty client_id as omitted', form(`${GRANT}&client_id=`), 200, undefined],
    ['treats an empty client_secret as omitted', form(`${GRANT}&client_secret=`), 200, undefined],
    [
      'treats empty JSON values as omitted',
      json('{"grant_type":"client_credentials","scope":"","client_secret":""}'),
      200,
      undefined,
    ],
    ['skips empty form segments', form(`&&${GRANT}&&`), 200, undefined],
  ])('%s', async (_name, init, status, error) => {
    const answer = await sendToken(init);
    expect(answer.status).toBe(status);
    if (error === undefined) expect(answer.body).toMatchObject({ scope: 'catalog.read' });
    else expect(answer.body).toMatchObject({ error });
  });

  it('names the repeated parameter', async () => {
    const answer = await sendToken(form(`${GRANT}&${GRANT}`));
    expect(answer.body).toMatchObject({ error_description: 'parameter grant_type is sent more than once' });
  });

  it('names the missing grant_type and the one to use', async () => {
    const answer = await sendToken(form('scope=catalog.read'));
    expect(answer.body).toEqual({
      error: 'invalid_request',
      error_description: 'grant_type is required; use client_credentials',
    });
  });
});
