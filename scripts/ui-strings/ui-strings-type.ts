import { isMap, isPair, isScalar, isSeq, parseDocument, type Node } from 'yaml';

/** The committed type of the interface strings, generated from the English file. */
export const UI_STRINGS_TYPE_FILE = new URL('../../src/generated/ui-strings.ts', import.meta.url);

/** The English interface strings, whose shape every locale follows. */
export const ENGLISH_UI_STRINGS_FILE = new URL('../../content/i18n/en.yaml', import.meta.url);

const HEADER = `// Generated from content/i18n/en.yaml by \`npm run generate:types\`; do not edit (a unit test fails when it is stale).

/** The interface strings of one locale, shaped as \`content/i18n/en.yaml\`. */
export interface UiStrings `;

/** A YAML comment as a one-line JSDoc comment, or nothing; only the paragraph next to the key (the file's own header is not). */
function jsDoc(comment: string | null | undefined, indent: string): string {
  const text = (comment ?? '')
    .split(/\n\s*\n/)
    .pop()!
    .replace(/\s*\n\s*/g, ' ')
    .trim();
  return text === '' ? '' : `${indent}/** ${text.replaceAll('*/', '*\\/')} */\n`;
}

/** A property name as TypeScript writes it: bare when it is an identifier. */
const property = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);

/** The TypeScript type of a YAML node of the English file. */
function typeOf(node: Node | null, indent: string): string {
  if (isScalar(node)) return 'string';
  if (isSeq(node)) return 'string[]';
  if (!isMap(node)) throw new Error('content/i18n/en.yaml holds only strings, lists of strings and mappings');
  // A mapping of lists (a marker's search words by marker key) is data with keys of its own, not strings.
  if (node.items.length > 0 && node.items.every((pair) => isSeq(pair.value))) return 'Record<string, string[]>';
  const inner = `${indent}  `;
  const members = node.items.map((pair, index) => {
    if (!isPair(pair) || !isScalar(pair.key)) throw new Error('content/i18n/en.yaml has a key that is not a string');
    // The comment above a mapping's first key belongs to the mapping in the YAML library's tree.
    const comment = pair.key.commentBefore ?? (index === 0 ? node.commentBefore : undefined);
    return `${jsDoc(comment, inner)}${inner}${property(String(pair.key.value))}: ${typeOf(pair.value as Node, inner)};\n`;
  });
  return `{\n${members.join('')}${indent}}`;
}

/** The TypeScript source of `UiStrings`, from the text of the English file; its comments become JSDoc. */
export function uiStringsType(englishYaml: string): string {
  const document = parseDocument(englishYaml);
  return `${HEADER}${typeOf(document.contents as Node, '')}\n`;
}
