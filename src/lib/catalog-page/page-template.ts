/*
 * A page rendered once with marks where a view's parts go, then filled per view by joining strings. Marks are
 * private-use characters, which Astro's escaping leaves alone, so they survive in text and attribute values; a boolean
 * attribute a view sets is written as `data-slot="<name>"` and replaced whole (` hidden`, ` selected` or nothing).
 */

/** Opens and closes a mark. */
const OPEN = '\uE000';
const CLOSE = '\uE001';

/** The attribute a template writes where a view writes a boolean attribute or none. */
export const SLOT_ATTRIBUTE = 'data-slot';

/** The marks a template page is rendered with. */
export const MARKS = {
  /** Text a view fills in (already escaped for where it stands). */
  slot: (name: string): string => `${OPEN}=${name}${CLOSE}`,
  /** Starts a list of keyed items a view shows some of, in its own order. */
  listStart: (name: string): string => `${OPEN}[${name}${CLOSE}`,
  listEnd: `${OPEN}]${CLOSE}`,
  itemStart: (key: string): string => `${OPEN}(${key}${CLOSE}`,
  itemEnd: `${OPEN})${CLOSE}`,
  /** Data the filler needs, as JSON; no mark character inside it. */
  data: (json: string): string =>
    `${OPEN}@${json.replace(/[\uE000\uE001]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)}${CLOSE}`,
};

/** One piece of a parsed template. */
type Part = string | { slot: string } | { list: string; items: Map<string, Part[]> };

/** A template cut at its marks, and the data it carried. */
export interface PageTemplate {
  parts: Part[];
  data: string | undefined;
}

/** What a view fills in: each slot's text, and the keys of each list's items to show, in order. */
export interface TemplateFills {
  slot(name: string): string;
  list(name: string): readonly string[];
}

const TOKEN = new RegExp(` ${SLOT_ATTRIBUTE}="([^"]*)"|${OPEN}([=[\\]()@])([^${CLOSE}]*)${CLOSE}`, 'g');

/** Parses a template rendered with `MARKS`; throws on unbalanced lists. */
export function parseTemplate(text: string): PageTemplate {
  const root: Part[] = [];
  const stack: { parts: Part[]; items?: Map<string, Part[]> }[] = [{ parts: root }];
  let data: string | undefined;
  let at = 0;
  const top = () => stack[stack.length - 1]!;
  for (const match of text.matchAll(TOKEN)) {
    if (match.index > at) top().parts.push(text.slice(at, match.index));
    at = match.index + match[0].length;
    const [, attribute, kind, name = ''] = match;
    if (attribute !== undefined || kind === '=') top().parts.push({ slot: attribute ?? name });
    else if (kind === '@') data = name;
    else if (kind === '[') {
      const items = new Map<string, Part[]>();
      top().parts.push({ list: name, items });
      stack.push({ parts: [], items });
    } else if (kind === '(') {
      const parts: Part[] = [];
      top().items?.set(name, parts);
      stack.push({ parts });
    } else if (stack.length > 1) stack.pop();
    else throw new Error('template: a list or item closes that was never opened');
  }
  if (stack.length !== 1) throw new Error('template: a list or item is never closed');
  if (at < text.length) root.push(text.slice(at));
  return { parts: root, data };
}

/** Appends `parts` filled by `fills` to `out`. */
function fillParts(parts: readonly Part[], fills: TemplateFills, out: string[]): void {
  for (const part of parts) {
    if (typeof part === 'string') out.push(part);
    else if ('slot' in part) out.push(fills.slot(part.slot));
    else {
      for (const key of fills.list(part.list)) {
        const item = part.items.get(key);
        if (item === undefined) throw new Error(`template: list ${part.list} has no item ${key}`);
        fillParts(item, fills, out);
      }
    }
  }
}

/** The page for one view: the template's text with every slot and list filled. */
export function fillTemplate(template: PageTemplate, fills: TemplateFills): string {
  const out: string[] = [];
  fillParts(template.parts, fills, out);
  return out.join('');
}
