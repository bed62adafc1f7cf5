/** Words of the informal German address ("du" and its forms), which the site never uses. */
const INFORMAL = /(?<![\p{L}\p{N}])(du|dich|dir|dein(?:e[mnrs]?)?)(?![\p{L}\p{N}])/giu;

/** The informal forms of address in `text`, as written. */
export function informalWords(text: string): string[] {
  return [...text.matchAll(INFORMAL)].map((match) => match[0]);
}

/** Attributes that carry interface text a reader sees or hears. */
const UI_ATTRIBUTES = [
  'aria-label',
  'title',
  'placeholder',
  'data-copied',
  'data-one',
  'data-other',
  'data-translations',
];

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * The interface text of a page: the visible text outside `<main>` (the page's own content,
 * which may quote marker names in seven languages, is left out) and the values of
 * {@link UI_ATTRIBUTES} anywhere, with JSON values (Pagefind's strings) unpacked.
 */
export function uiTextOf(html: string): string[] {
  const chrome = html
    .replace(/<main[\s>][\s\S]*<\/main>/, ' ')
    .replace(/<(script|style|template)[\s>][\s\S]*?<\/\1>/g, ' ');
  const texts = chrome
    .split(/<[^>]*>/)
    .map((text) => decode(text).replace(/\s+/g, ' ').trim())
    .filter((text) => text !== '');
  for (const name of UI_ATTRIBUTES) {
    for (const match of html.matchAll(new RegExp(`\\s${name}="([^"]*)"`, 'g'))) {
      const value = decode(match[1]!);
      if (name === 'data-translations') texts.push(...Object.values(JSON.parse(value) as Record<string, string>));
      else texts.push(value);
    }
  }
  return texts;
}

/** English function words no German sentence uses, in any case ("The", "If"). */
const ENGLISH_FUNCTION_WORDS = new Set([
  ...['a', 'about', 'again', 'any', 'are', 'as', 'at', 'be', 'by', 'can', 'each', 'every', 'first', 'for', 'from'],
  ...['here', 'if', 'into', 'is', 'it', 'its', 'no', 'not', 'of', 'on', 'once', 'only', 'or', 'out', 'rather'],
  ...['than', 'that', 'the', 'then', 'there', 'these', 'this', 'to', 'what', 'when', 'which', 'with', 'without'],
  ...['would', 'you', 'your'],
]);

/**
 * English words of the request samples' comments and printed strings, lower case (a German
 * noun such as "Marker" is capitalised). Loanwords the guide uses in German (Body, Token,
 * Scope, Client, Header, Panel, Index, Standard, global) are in neither list.
 */
const ENGLISH_WORDS = new Set([
  ...['answer', 'answers', 'ask', 'asks', 'brings', 'call', 'calls', 'carries', 'changed', 'closes', 'copy'],
  ...['current', 'early', 'error', 'expires', 'fail', 'get', 'gives', 'included', 'keep', 'language', 'later'],
  ...['library', 'marker', 'markers', 'member', 'models', 'module', 'narrowed', 'need', 'needs', 'new', 'next'],
  ...['operations', 'outside', 'page', 'pages', 'picks', 'plain', 'prints', 'raises', 'read', 'reads', 'request'],
  ...['run', 'runs', 'save', 'second', 'sends', 'sent', 'shows', 'strings', 'takes', 'three', 'typed', 'types'],
  ...['unchanged', 'uses', 'values', 'whose'],
]);

/**
 * The English words of `text` (a comment, a printed string, a line of output), leaving out
 * what a translation keeps as it is: code in backticks, quoted messages, URLs, paths, file
 * names, flags, dotted identifiers (`catalog.read`), hyphenated names (`If-None-Match`) and
 * HTTP status lines (`304 Not Modified`).
 */
export function englishWords(text: string): string[] {
  const prose = text
    .replace(/`[^`]*`/g, ' ')
    .replace(/„[^“]*“|"[^"]*"/g, ' ')
    .replace(/\b[1-5]\d\d(?: [A-Z][a-z]*\b)+/g, ' ')
    .replace(/\S*[/.]\S*\w\S*/g, ' ')
    .replace(/(?<!\S)-{1,2}\w[\w-]*/g, ' ');
  return [...prose.matchAll(/\p{L}[\p{L}'-]*/gu)]
    .map((match) => match[0].replace(/'s$/, ''))
    .filter((word) => ENGLISH_FUNCTION_WORDS.has(word.toLowerCase()) || ENGLISH_WORDS.has(word));
}
