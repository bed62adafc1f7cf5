import { describe, expect, it } from 'vitest';
import { memoizeByHeader } from '../../../../src/server/http/send.ts';

describe('memoizeByHeader', () => {
  it('parses each distinct header value once, a missing header included', () => {
    const seen: Array<string | undefined> = [];
    const length = memoizeByHeader((header) => {
      seen.push(header);
      return header?.length;
    });
    expect([length('gzip'), length('gzip'), length(undefined), length(undefined), length('br')]).toEqual([
      4,
      4,
      undefined,
      undefined,
      2,
    ]);
    expect(seen).toEqual(['gzip', undefined, 'br']);
  });

  it('stays bounded whatever clients send', () => {
    let calls = 0;
    const echo = memoizeByHeader((header) => (calls += 1) && header);
    for (let i = 0; i < 10_000; i += 1) echo(`value-${i}`);
    expect(calls).toBe(10_000);
    echo('value-9999');
    expect(calls).toBe(10_000); // the latest values are still remembered
  });
});
