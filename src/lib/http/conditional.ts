/** The coding suffix `representation.ts` gives the tag of a compressed copy: `"<hash>-br"`, `"<hash>-gzip"`. */
const CODING_SUFFIX = /-(?:br|gzip)"$/;

/**
 * The content's tag whatever its coding (`W/` and coding suffix removed). Tags differ per coding (RFC 9110 §8.8.3),
 * but a client holding a plain copy that now sends `Accept-Encoding: br` must still get its 304.
 */
const contentTag = (tag: string): string => (tag.startsWith('W/') ? tag.slice(2) : tag).replace(CODING_SUFFIX, '"');

/** `If-None-Match` against `etag` by weak comparison (RFC 9110 §13.1.2): `*`, or any tag of the same content. */
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
