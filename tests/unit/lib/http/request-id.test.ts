import { describe, expect, it } from 'vitest';
import { acceptedRequestId, createRequestIdGenerator } from '../../../../src/lib/http/request-id.ts';

describe('acceptedRequestId', () => {
  it('accepts a well-formed id from a trusted proxy', () => {
    expect(acceptedRequestId('f3a1c2d4-77b0-4c8e-9d2a-0b1c2d3e4f50', 1)).toBe('f3a1c2d4-77b0-4c8e-9d2a-0b1c2d3e4f50');
    expect(acceptedRequestId('Root=1-67891233-abcdef012345678912345678', 2)).toBe(
      'Root=1-67891233-abcdef012345678912345678',
    );
  });

  it('ignores the header without a trusted proxy, so a client cannot choose what is logged', () => {
    expect(acceptedRequestId('abc', 0)).toBeUndefined();
  });

  it.each([
    ['empty', ''],
    ['too long', 'a'.repeat(129)],
    ['with a space', 'a b'],
    ['with a quote', 'a"b'],
    ['with a newline', 'a\nb'],
    ['non-ASCII', 'ü'],
  ])('refuses an id that is %s', (_name, value) => {
    expect(acceptedRequestId(value, 1)).toBeUndefined();
  });

  it('refuses a repeated header', () => {
    expect(acceptedRequestId(['a', 'b'], 1)).toBeUndefined();
  });

  it('accepts exactly 128 characters', () => {
    expect(acceptedRequestId('a'.repeat(128), 1)).toHaveLength(128);
  });
});

describe('createRequestIdGenerator', () => {
  it('makes distinct ids with a random per-generator prefix', () => {
    const next = createRequestIdGenerator();
    const ids = new Set(Array.from({ length: 1000 }, next));
    expect(ids.size).toBe(1000);
    const [a, b] = [createRequestIdGenerator()(), createRequestIdGenerator()()];
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[\w-]{8}-0$/);
    expect(acceptedRequestId(a, 1)).toBe(a);
  });
});
