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
 * The attribute carrying a token's colours and font styles as words (theme index, then colour), one stylesheet rule
 * each.
 */
const TOKEN_ATTRIBUTE = 'data-c';

/**
 * The one `style` every token keeps: Expressive Code colours only `span[style^='--']:not([class])`, so a token needs
 * some style; the same value everywhere costs the page one CSP hash.
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
 * Every `style` declaration the stylesheet can hold instead: token colours per theme and font styles; `--ecMaxLine`,
 * `--ecIndent`.
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

/** Whether `node` only repeats the themes' default colour (plain text, spaces): the line gives it that colour. */
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

/** Moves what the stylesheet can hold out of `style` in `node`'s subtree, and drops default-colour tokens. */
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

/** The engine's style variants: the hook's `config` is the engine, whose typed view leaves them out. */
function styleVariantsOf(config: object): readonly StyleVariant[] {
  const { styleVariants } = config as { styleVariants?: readonly StyleVariant[] };
  if (styleVariants === undefined) throw new Error('style-classes: Expressive Code gave no style variants');
  return styleVariants;
}

/**
 * Expressive Code's custom properties as stylesheet rules instead of `style` attributes: each distinct attribute
 * needs its own CSP hash (CSP3 §6.7.3), and with every token colour the header outgrew nginx's default
 * `proxy_buffer_size`, which answered 502. What the stylesheet does not hold stays an attribute, allowed by hash.
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
