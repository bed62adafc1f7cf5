import { isIP } from 'node:net';

/**
 * The client address: with `trustProxy` = N, the N-th `X-Forwarded-For` entry from the right (the socket last),
 * as the outermost trusted proxy saw it. With N = 0 the header is ignored, so a client cannot pick its address.
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustProxy: number,
): string {
  const peer = socketAddress ?? 'unknown';
  if (trustProxy === 0 || forwardedFor === undefined) return peer;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
  // Walk entries from the right without splitting the whole header: this runs per request.
  let end = header.length;
  let candidate: string | undefined;
  for (let hop = 0; hop < trustProxy && end > 0;) {
    const comma = header.lastIndexOf(',', end - 1);
    const entry = header.slice(comma + 1, end).trim();
    end = comma === -1 ? 0 : comma;
    if (entry === '') continue;
    candidate = entry;
    hop += 1;
  }
  if (candidate === undefined) return peer;
  // A trusted proxy wrote this entry; if it is not an address, fall back to the socket.
  if (isIP(candidate) !== 0) return candidate;
  const address = stripPort(candidate);
  return isIP(address) === 0 ? peer : address;
}

/** Removes a port or IPv6 brackets that some proxies include, e.g. `[::1]:443`, `1.2.3.4:80`. */
function stripPort(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed?.[1] !== undefined) return bracketed[1];
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  return v4WithPort?.[1] ?? entry;
}

/**
 * The rate-limit key: IPv4 (mapped IPv6 folded in), else the IPv6 /64 a subscriber holds, so rotating within it gains
 * nothing.
 */
export function rateLimitKey(address: string): string {
  const version = isIP(address);
  if (version === 4) return address;
  if (version !== 6) return address.slice(0, 64);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1] !== undefined) return mapped[1];
  const groups = expandIpv6(address);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** Expands an IPv6 address (zone and embedded IPv4 tolerated) to eight 4-digit groups. */
function expandIpv6(address: string): string[] {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4 !== null) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((group) => group.padStart(4, '0'));
}

/** The address as logged: personal data (GDPR Art. 4(1), CJEU C-582/14), so by default only IPv4 /24 or IPv6 /48. */
export function logAddress(address: string, mode: 'truncated' | 'full'): string {
  if (mode === 'full') return address;
  const version = isIP(address);
  if (version === 4) return `${address.slice(0, address.lastIndexOf('.'))}.0/24`;
  if (version !== 6) return address === 'unknown' ? address : 'invalid';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1] !== undefined) return logAddress(mapped[1], mode);
  return `${expandIpv6(address).slice(0, 3).join(':')}::/48`;
}
