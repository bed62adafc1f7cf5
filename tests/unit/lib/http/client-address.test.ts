import { describe, expect, it } from 'vitest';
import { logAddress, rateLimitKey, resolveClientAddress } from '../../../../src/lib/http/client-address.ts';

describe('resolveClientAddress', () => {
  it('ignores X-Forwarded-For unless proxies are trusted', () => {
    expect(resolveClientAddress('203.0.113.9', '198.51.100.1', 0)).toBe('203.0.113.9');
  });

  it.each([
    ['one trusted hop takes the last entry', '198.51.100.1', 1, '198.51.100.1'],
    ['a spoofed leftmost entry is not used with one hop', '6.6.6.6, 198.51.100.1', 1, '198.51.100.1'],
    ['two hops take the second from the right', '198.51.100.7, 10.0.0.2', 2, '198.51.100.7'],
    ['a shorter chain than trusted falls back to its leftmost', '198.51.100.7', 3, '198.51.100.7'],
    ['ports and brackets are removed', '[2001:db8::1]:443', 1, '2001:db8::1'],
    ['an IPv4 with port is cleaned', '198.51.100.4:5555', 1, '198.51.100.4'],
    ['garbage falls back to the socket', 'not-an-ip', 1, '10.0.0.1'],
  ])('%s', (_name, header, hops, expected) => {
    expect(resolveClientAddress('10.0.0.1', header, hops)).toBe(expected);
  });

  it('accepts repeated header lines as one list', () => {
    expect(resolveClientAddress('10.0.0.1', ['6.6.6.6', '198.51.100.1'], 1)).toBe('198.51.100.1');
  });
});

describe('rateLimitKey', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['::FFFF:203.0.113.5', '203.0.113.5'],
    ['2001:db8:1:2:3:4:5:6', '2001:0db8:0001:0002::/64'],
    ['2001:db8:1:2::99', '2001:0db8:0001:0002::/64'],
    ['2001:db8::1', '2001:0db8:0000:0000::/64'],
    ['::1', '0000:0000:0000:0000::/64'],
    ['fe80::1%eth0', 'fe80:0000:0000:0000::/64'],
    ['64:ff9b::198.51.100.1', '0064:ff9b:0000:0000::/64'],
  ])('%s is keyed as %s', (address, key) => {
    expect(rateLimitKey(address)).toBe(key);
  });

  it('puts every address of one /64 under one key and a neighbouring /64 under another', () => {
    expect(rateLimitKey('2001:db8:aa:bb:1::')).toBe(rateLimitKey('2001:db8:aa:bb:ffff:ffff:ffff:ffff'));
    expect(rateLimitKey('2001:db8:aa:bb::1')).not.toBe(rateLimitKey('2001:db8:aa:bc::1'));
  });
});

describe('logAddress', () => {
  it('keeps the /24 of an IPv4 address by default', () => {
    expect(logAddress('203.0.113.77', 'truncated')).toBe('203.0.113.0/24');
  });

  it('folds IPv4-mapped IPv6 to IPv4 before truncating', () => {
    expect(logAddress('::ffff:198.51.100.9', 'truncated')).toBe('198.51.100.0/24');
  });

  it('keeps the /48 of an IPv6 address, expanded', () => {
    expect(logAddress('2001:db8:abcd:12::1', 'truncated')).toBe('2001:0db8:abcd::/48');
    expect(logAddress('::1', 'truncated')).toBe('0000:0000:0000::/48');
  });

  it('keeps the whole address when configured to', () => {
    expect(logAddress('203.0.113.77', 'full')).toBe('203.0.113.77');
    expect(logAddress('2001:db8::1', 'full')).toBe('2001:db8::1');
  });

  it('never logs something that is not an address', () => {
    expect(logAddress('unknown', 'truncated')).toBe('unknown');
    expect(logAddress('not-an-ip', 'truncated')).toBe('invalid');
  });
});
