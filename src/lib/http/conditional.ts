/** The coding suffix `representation.ts` gives the tag of a compressed copy: `"<hash>-br"`, `"<hash>-gzip"`. */
const CODING_SUFFIX = /-(?:br|gzip)"$/;

/**
 * The tag of the content behind `tag`, whatever its coding: `W/` and a coding suffix removed.
 * The tags stay distinct per coding (RFC 9110 §8.8.3), but the content is the same, so a client
 * that kept a plain copy and now asks with `Accept-Encoding: br` must still get its 304: the
 * known pitfall of tags that differ only by coding (Apache's `-gzip` suffix) is exactly that.
 */
const contentTag = (tag: string): string => (tag.startsWith('W/') ? tag.slice(2) : tag).replace(CODING_SUFFIX, '"');

/**
 * Whether `If-None-Match` matches `etag` by the weak comparison RFC 9110 §13.1.2
 * prescribes for this header: `*`, or any listed tag of the same content (`contentTag`).
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const target = contentTag(etag);
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => contentTag(candidate.trim()) === target);
}

/** The content codings a client accepts, by RFC 9110 §12.5.3 (q=0 excludes). */
function acceptedCodings(acceptEncoding: string | undefined): Map<string, number> {
  const codings = new Map<string, number>();
  for (const member of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = member.split(';').map((part) => part.trim().toLowerCase());
    if (name === '') continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    codings.set(name, Number.isFinite(weight) ? weight : 0);
  }
  return codings;
}

/** The preferred coding among `offers` (in server order), or undefined for identity. */
export function chooseEncoding<T extends string>(
  acceptEncoding: string | undefined,
  offers: readonly T[],
): T | undefined {
  const codings = acceptedCodings(acceptEncoding);
  let best: T | undefined;
  let bestQ = 0;
  for (const offer of offers) {
    const q = codings.get(offer) ?? codings.get('*') ?? 0;
    if (q > bestQ) {
      best = offer;
      bestQ = q;
    }
  }
  return best;
}

/** Whether the client takes gzip. */
export const acceptsGzip = (acceptEncoding: string | undefined): boolean =>
  chooseEncoding(acceptEncoding, ['gzip']) === 'gzip';
