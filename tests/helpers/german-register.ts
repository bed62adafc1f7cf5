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
