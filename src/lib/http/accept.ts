/** One media range of an `Accept` header with its weight (RFC 9110 §12.5.1). */
interface MediaRange {
  type: string;
  subtype: string;
  params: Array<[string, string]>;
  q: number;
}

/** Parses an `Accept` header into media ranges; malformed members (bad range or bad q) are skipped. */
function parseAccept(header: string | null | undefined): MediaRange[] {
  if (header === null || header === undefined || header.trim() === '') return [];
  const ranges: MediaRange[] = [];
  for (const member of header.split(',')) {
    const [mediaRange = '', ...rawParams] = member.split(';').map((part) => part.trim());
    const match = /^([!#$%&'*+.^_`|~0-9a-z-]+)\/([!#$%&'*+.^_`|~0-9a-z-]+)$/i.exec(mediaRange);
    if (match === null) continue;
    let q = 1;
    let valid = true;
    const params: Array<[string, string]> = [];
    for (const raw of rawParams) {
      const eq = raw.indexOf('=');
      if (eq <= 0) continue;
      const name = raw.slice(0, eq).trim().toLowerCase();
      const value = raw
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
      if (name === 'q') {
        // RFC 9110 §12.4.2: qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ).
        // A member with any other weight is malformed and skipped, not read as q=1.
        valid = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value);
        q = Number(value);
        break; // parameters after q are accept-ext, not media-type parameters
      }
      params.push([name, value.toLowerCase()]);
    }
    if (!valid) continue;
    ranges.push({ type: match[1]!.toLowerCase(), subtype: match[2]!.toLowerCase(), params, q });
  }
  return ranges;
}

/** Specificity of a range that matches `mediaType`, or -1: exact with params > exact > type/* > *\/*. */
function specificity(range: MediaRange, type: string, subtype: string): number {
  if (range.type === '*' && range.subtype === '*') return 0;
  if (range.type !== type) return -1;
  if (range.subtype === '*') return 1;
  if (range.subtype !== subtype) return -1;
  return 2 + range.params.length;
}

/**
 * The q of the most specific range matching `mediaType` (RFC 9110 §12.5.1), 0 if none; a missing header means weight
 * 1.
 */
function qualityOf(ranges: MediaRange[], mediaType: string): number {
  if (ranges.length === 0) return 1;
  const [type = '', subtype = ''] = mediaType.toLowerCase().split('/');
  let best = -1;
  let q = 0;
  for (const range of ranges) {
    const s = specificity(range, type, subtype);
    // Among equally specific ranges (e.g. duplicates), the first one wins.
    if (s > best) {
      best = s;
      q = range.q;
    }
  }
  return q;
}

/** Whether a range names `mediaType` explicitly (not only through a wildcard). */
function namesExplicitly(ranges: MediaRange[], mediaType: string): boolean {
  const [type = '', subtype = ''] = mediaType.toLowerCase().split('/');
  return ranges.some((range) => range.type === type && range.subtype === subtype && range.q > 0);
}

/**
 * Picks among `offers` (server's preference order): highest q, ties to the earlier offer. An offer matched only by a
 * wildcard never beats the first, so `*\/*` gets the default. Undefined when every offer is excluded (q=0).
 */
export function negotiate(header: string | null | undefined, offers: readonly string[]): string | undefined {
  const ranges = parseAccept(header);
  let chosen: string | undefined;
  let chosenQ = 0;
  let fallback: string | undefined;
  offers.forEach((offer, index) => {
    const q = qualityOf(ranges, offer);
    if (q <= 0) return;
    if (index > 0 && !namesExplicitly(ranges, offer)) {
      fallback ??= offer;
      return;
    }
    if (chosen === undefined || q > chosenQ) {
      chosen = offer;
      chosenQ = q;
    }
  });
  return chosen ?? fallback;
}
