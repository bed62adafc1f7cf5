import type { ExpressiveCodePlugin, StyleVariant } from '@astrojs/starlight/expressive-code';
import type { Element, ElementContent } from '@astrojs/starlight/expressive-code/hast';

/** The longest line and the deepest indent given a class; longer ones keep their attribute. */
const MAX_LINE_CH = 160;
const MAX_INDENT_CH = 40;

/** A token's font style, weight and decoration per theme (`--0fs:italic`), with their values. */
const FONT_STYLES = [
  ['fs', ['italic', 'normal']],
  ['fw', ['bold', 'normal']],
  ['td', ['underline', 'line-through', 'none']],
] as const;

/**
 * The attribute that carries a token's colours and font styles, as words (`0c792ea 18844ae`:
 * the theme's index, then the colour), one rule of the stylesheet per word.
 */
const TOKEN_ATTRIBUTE = 'data-c';

/**
 * The one `style` value every token keeps: Expressive Code colours only
 * `span[style^='--']:not([class])` (a `:where()` rule per theme), so a token can carry neither
 * a class nor an empty style. The same value on every token costs the page one hash.
 */
const TOKEN_STYLE = '--tok:1';

/** What stands for one `style` declaration: a word of a token's `data-c`, or a class of another element. */
interface Replacement {
  kind: 'token' | 'class';
  name: string;
  /** The declaration as the stylesheet writes it. */
  declaration: string;
}

/** Replacements keyed by declaration as Expressive Code writes it, lower-cased (`--0:#919f9f`). */
type Replacements = ReadonlyMap<string, Replacement>;

/**
 * Every declaration Expressive Code puts in a `style` attribute that the stylesheet can
 * hold instead. On tokens: the colours of each theme (`--0:` dark, `--1:` light; the themes'
 * colours after Expressive Code's contrast fix, applied before the variants exist) and
 * their font styles. On lines and blocks: the longest line (`--ecMaxLine:93ch`) and the
 * wrapped lines' indent (`--ecIndent:2ch`).
 */
function replacementsOf(styleVariants: readonly StyleVariant[]): Replacements {
  const replacements = new Map<string, Replacement>();
  const add = (kind: Replacement['kind'], declaration: string, name: string) =>
    replacements.set(declaration.toLowerCase(), { kind, name, declaration });
  styleVariants.forEach(({ theme }, index) => {
    const colours = [theme.fg, theme.colors['editor.foreground'], ...theme.settings.map((s) => s.settings.foreground)];
    for (const colour of colours) {
      if (typeof colour === 'string' && /^#[0-9a-f]{3,8}$/i.test(colour)) {
        add('token', `--${index}:${colour}`, `${index}${colour.slice(1).toLowerCase()}`);
      }
    }
    for (const [suffix, values] of FONT_STYLES) {
      for (const value of values) add('token', `--${index}${suffix}:${value}`, `${index}${suffix}-${value}`);
    }
  });
  for (let ch = 0; ch <= MAX_LINE_CH; ch += 1) add('class', `--ecMaxLine:${ch}ch`, `ec-ml-${ch}`);
  for (let ch = 0; ch <= MAX_INDENT_CH; ch += 1) add('class', `--ecIndent:${ch}ch`, `ec-in-${ch}`);
  return replacements;
}

/** The stylesheet rule of a replacement. */
const ruleOf = ({ kind, name, declaration }: Replacement): string =>
  `${kind === 'token' ? `[${TOKEN_ATTRIBUTE}~='${name}']` : `.${name}`}{${declaration}}`;

/** The default text colour of each theme, lower-cased (`#d6deeb`): what a code line has without a token. */
const defaultColoursOf = (styleVariants: readonly StyleVariant[]): string[] =>
  styleVariants.map(({ theme }) => theme.fg.toLowerCase());

/**
 * Whether `node` is a token that only repeats the default colour of the themes it names
 * (plain text, the spaces between tokens): without it the text inherits the same colour
 * from the line, and the page carries about a quarter fewer tokens.
 */
function isDefaultToken(node: ElementContent, defaults: readonly string[]): node is Element {
  if (node.type !== 'element' || node.tagName !== 'span' || node.properties['className'] !== undefined) return false;
  const style = node.properties['style'];
  if (typeof style !== 'string' || Object.keys(node.properties).length !== 1) return false;
  const declarations = style.split(';').filter((part) => part.trim() !== '');
  return (
    declarations.length > 0 &&
    declarations.every((declaration) => {
      const match = /^\s*--(\d+)\s*:\s*(#[0-9a-f]+)\s*$/i.exec(declaration);
      return match !== null && defaults[Number(match[1])] === match[2]!.toLowerCase();
    })
  );
}

/**
 * Moves what the stylesheet can hold out of the `style` attribute of `node` and its
 * descendants, and drops the tokens that only repeat the default colour.
 */
function moveStyles(node: ElementContent, replacements: Replacements, defaults: readonly string[]): void {
  if (node.type !== 'element') return;
  node.children = node.children.flatMap((child) => (isDefaultToken(child, defaults) ? child.children : [child]));
  const style = node.properties['style'];
  if (typeof style === 'string') {
    const isToken = node.tagName === 'span' && node.properties['className'] === undefined;
    const kind = isToken ? 'token' : 'class';
    const kept: string[] = [];
    const names: string[] = [];
    for (const declaration of style.split(';').map((part) => part.trim())) {
      if (declaration === '') continue;
      const replacement = replacements.get(declaration.replace(/\s*:\s*/, ':').toLowerCase());
      if (replacement?.kind === kind) names.push(replacement.name);
      else kept.push(declaration);
    }
    if (isToken && names.length > 0 && kept.length === 0) {
      node.properties['dataC'] = names.join(' '); // hast's name of `data-c`
      node.properties['style'] = TOKEN_STYLE;
    } else if (!isToken && names.length > 0) {
      addClasses(node, names);
      if (kept.length === 0) delete node.properties['style'];
      else node.properties['style'] = kept.join(';');
    }
  }
  for (const child of node.children) moveStyles(child, replacements, defaults);
}

function addClasses(node: Element, names: string[]): void {
  const current = node.properties['className'];
  const list = Array.isArray(current) ? current.map(String) : [];
  node.properties['className'] = [...list, ...names];
}

/**
 * The engine's style variants: the hook's `config` is the engine itself, whose typed view
 * leaves them out.
 */
function styleVariantsOf(config: object): readonly StyleVariant[] {
  const { styleVariants } = config as { styleVariants?: readonly StyleVariant[] };
  if (styleVariants === undefined) throw new Error('style-classes: Expressive Code gave no style variants');
  return styleVariants;
}

/**
 * Expressive Code's custom properties as rules of its shared stylesheet instead of `style`
 * attributes. Each distinct attribute value needs its own hash in the page's
 * Content-Security-Policy (CSP3 §6.7.3, `'unsafe-hashes'`); with every token colour of the
 * request samples that header grew past 4 KiB, which nginx's default `proxy_buffer_size`
 * refuses with a 502. A declaration the stylesheet does not hold (a line longer than 160
 * characters, a colour outside the themes) stays an attribute, allowed by its hash as before.
 */
export function styleClassesPlugin(): ExpressiveCodePlugin {
  let cached: { variants: readonly StyleVariant[]; replacements: Replacements; defaults: string[] } | undefined;
  const prepared = (variants: readonly StyleVariant[]) => {
    if (cached?.variants !== variants) {
      cached = { variants, replacements: replacementsOf(variants), defaults: defaultColoursOf(variants) };
    }
    return cached;
  };
  return {
    name: 'style-classes',
    baseStyles: ({ styleVariants }) => [...prepared(styleVariants).replacements.values()].map(ruleOf).join(''),
    hooks: {
      postprocessRenderedBlock: ({ config, renderData }) => {
        const { replacements, defaults } = prepared(styleVariantsOf(config));
        moveStyles(renderData.blockAst, replacements, defaults);
      },
    },
  };
}
