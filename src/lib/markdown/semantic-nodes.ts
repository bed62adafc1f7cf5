import type { Node, Parent, PhrasingContent, RootContent } from 'mdast';
import { bulletList, code, strong, table, text } from './mdast-builders.ts';

/*
 * Outline nodes that say what a part of a page is (a list of fields, an operation's method and path, a link within the
 * page), not how it looks: the page's form (`pageForm`, written by `outline-html.ts`) and the twin's (`twinForm`,
 * printed by `page-outline.ts`) are both derived from the one node here, so neither can say a fact the other lacks.
 */

/** A field's type: its name as code, linked to where it is described when it is. */
export interface FieldType {
  label: string;
  href?: string | undefined;
}

/** One field of a field list: a parameter, a property, a header. */
export interface FieldItem {
  name: string;
  /** The page lets the name wrap after each `_` (a long property name). */
  nameBreaks?: '_';
  /** Where a parameter goes (`query`, `header`…). */
  in?: string | undefined;
  type?: FieldType;
  required?: boolean;
  description: PhrasingContent[];
  /** Page only: what the field's own schema holds, nested under its description. */
  nested?: RootContent[];
  /** The anchor of the field on the page. */
  id?: string;
}

/** The words a field list is written with: its twin table's column headings and its requirement words. */
export interface FieldListLabels {
  name: string;
  in: string;
  type: string;
  required: string;
  description: string;
  /** The page's words for a field's requirement ("required", "optional"). */
  isRequired: string;
  isOptional: string;
  /** The twin's values of its Required column ("yes", "no"). */
  yes: string;
  no: string;
}

/**
 * Fields (an operation's parameters, a schema's properties, response headers). On the page: a description list with
 * each field's facts after its name (`list`), a table of name and description that fits a phone (`table`), or an
 * expander titled `summary` (`expander`, page only: the overview describes every schema). In the twin: a table with a
 * column per fact (`table`), a bullet list (`bullets`), or nothing (`none`).
 */
export interface FieldList extends Node {
  type: 'fieldList';
  page: 'list' | 'table' | 'expander';
  twin: 'table' | 'bullets' | 'none';
  labels: FieldListLabels;
  fields: FieldItem[];
  /** The expander's title and the paragraphs before its fields. */
  summary?: string;
  intro?: RootContent[];
}

/** An operation's method and path: `GET` as a badge and the path wrapping after each `/` on the page, code in the twin. */
interface MethodPath extends Node {
  type: 'methodPath';
  method: string;
  path: string;
}

/** A link to a part of the same page: the twin, a document of its own, prints its text. */
export interface LocalLink extends Parent {
  type: 'localLink';
  url: string;
  children: PhrasingContent[];
}

/** A title's words: plain on the page, where its element styles them, bold in the twin. */
interface Caption extends Node {
  type: 'caption';
  value: string;
}

/**
 * Links that each also hold an anchor of their own, which older links on other pages point at; on the page only (the
 * twin has no anchors), in an element with the node's page attributes.
 */
interface AnchorLinks extends Node {
  type: 'anchorLinks';
  links: { label: string; id: string; href: string }[];
}

/**
 * A part of the API reference that holds what follows it: the reference's body, a path's operations, an operation, one
 * of its responses, a schema. The page gives each an element of its own to style and to name; the twin, a document of
 * headings, prints the children as they are.
 */
export interface ReferencePart extends Parent {
  type: 'referencePart';
  kind: 'reference' | 'path' | 'operation' | 'response' | 'schema';
  /** The part's own anchor (a path, which has no heading), or that of the heading that names it (an operation, a schema). */
  anchor?: string;
  children: RootContent[];
}

declare module 'mdast' {
  interface RootContentMap {
    fieldList: FieldList;
    referencePart: ReferencePart;
    methodPath: MethodPath;
    localLink: LocalLink;
    caption: Caption;
    anchorLinks: AnchorLinks;
  }
  interface PhrasingContentMap {
    methodPath: MethodPath;
    localLink: LocalLink;
    caption: Caption;
    anchorLinks: AnchorLinks;
  }
}

/** A link to `url` on the same page; the twin prints `children`. */
export const localLink = (url: string, children: PhrasingContent[]): LocalLink => ({
  type: 'localLink',
  url,
  children,
});

/** A part of the API reference of `kind`, holding `children`. */
export const referencePart = (
  kind: ReferencePart['kind'],
  children: RootContent[],
  anchor?: string,
): ReferencePart => ({ type: 'referencePart', kind, children, ...(anchor === undefined ? {} : { anchor }) });

/** A semantic node, by its type. */
export type SemanticNode = FieldList | MethodPath | LocalLink | Caption | AnchorLinks | ReferencePart;

/** The types of this module's nodes. */
export const SEMANTIC_TYPES: readonly string[] = [
  'fieldList',
  'methodPath',
  'localLink',
  'caption',
  'anchorLinks',
  'referencePart',
];

/** Whether `node` is one of this module's. */
export const isSemantic = (node: { type: string }): node is SemanticNode => SEMANTIC_TYPES.includes(node.type);

/** An element of the page around `children` (`page-outline.ts`'s `pageElement`, written out: that module prints these). */
const element = (
  name: string,
  children: (RootContent | PhrasingContent)[],
  attributes: Record<string, string> = {},
): PhrasingContent =>
  ({ type: 'pageElement', element: name, children, data: { page: attributes } }) as unknown as PhrasingContent;

const joined = (parts: PhrasingContent[][], separator: string): PhrasingContent[] =>
  parts.flatMap((part, index) => [...(index > 0 ? [text(separator)] : []), ...part]);

const typeName = (type: FieldType): PhrasingContent =>
  type.href === undefined ? code(type.label) : { type: 'link', url: type.href, children: [code(type.label)] };

/** A field's facts as the page lists them after its name: where, type, requirement. */
function pageFacts(field: FieldItem, labels: FieldListLabels): PhrasingContent[][] {
  return [
    ...(field.in === undefined ? [] : [[text(field.in)]]),
    ...(field.type === undefined ? [] : [[typeName(field.type)]]),
    ...(field.required === undefined ? [] : [[text(field.required ? labels.isRequired : labels.isOptional)]]),
  ];
}

const fieldName = (field: FieldItem): PhrasingContent =>
  field.nameBreaks === undefined
    ? code(field.name)
    : ({ type: 'breakableCode', value: field.name, at: field.nameBreaks } as PhrasingContent);

/** The page's description list of fields. */
function pageList(node: FieldList): RootContent {
  const entries = node.fields.map((field) => {
    const facts = pageFacts(field, node.labels);
    const term = [
      fieldName(field),
      ...(facts.length === 0 ? [] : [text(' '), element('span', joined(facts, ' · '), { class: 'api-meta' })]),
    ];
    return element(
      'div',
      [element('dt', term), element('dd', [...field.description, ...(field.nested ?? [])])],
      field.id === undefined ? {} : { id: field.id },
    );
  });
  return element('dl', entries, { class: 'api-fields' }) as unknown as RootContent;
}

/** The page's two-column table: the name with its facts under it, and the description; it scrolls when wide. */
function pageTable(node: FieldList): RootContent {
  const rows = node.fields.map((field) => [
    [
      fieldName(field),
      { type: 'break' } as PhrasingContent,
      element('span', joined(pageFacts(field, node.labels), ' · '), { class: 'api-meta' }),
    ],
    field.description,
  ]);
  const out = table([node.labels.name, node.labels.description], rows);
  out.data = { page: { class: 'api-field-table' }, scroll: true };
  return out;
}

/** The twin's table: name, where (when any field says), type, required, description. */
function twinTable({ fields, labels }: FieldList): RootContent {
  const located = fields.some((field) => field.in !== undefined);
  return table(
    [labels.name, ...(located ? [labels.in] : []), labels.type, labels.required, labels.description],
    fields.map((field) => [
      [code(field.name)],
      ...(located ? [[text(field.in ?? '')]] : []),
      field.type === undefined ? [] : [typeName(field.type)],
      [text(field.required === true ? labels.yes : labels.no)],
      field.description,
    ]),
  );
}

/**
 * A reference part's element on the page. An operation and a schema are sections named by their heading; a response is a
 * section without a name, so not a landmark (every operation has its "200 OK", and landmarks need unique names:
 * html-validate `unique-landmark`, axe `landmark-unique`); the body and a path's group are plain containers, a path's
 * anchor on its group.
 */
function referenceElement({ kind, children, anchor }: ReferencePart): PhrasingContent {
  const name = { class: `api-${kind}` };
  switch (kind) {
    case 'operation':
    case 'schema':
      return element('section', children, anchor === undefined ? name : { ...name, 'aria-labelledby': anchor });
    case 'response':
      return element('section', children, name);
    case 'path':
      return element('div', children, anchor === undefined ? name : { ...name, id: anchor });
    case 'reference':
      return element('div', children, name);
  }
}

/** The node's page form, as outline nodes the page writes. */
export function pageForm(node: SemanticNode): (RootContent | PhrasingContent)[] {
  switch (node.type) {
    case 'fieldList':
      if (node.page === 'table') return [pageTable(node)];
      if (node.page === 'list') return [pageList(node)];
      return [
        element('details', [element('summary', [text(node.summary ?? '')]), ...(node.intro ?? []), pageList(node)], {
          class: 'api-schema-fields',
        }),
      ];
    case 'methodPath':
      return [
        element('span', [text(node.method)], { class: 'api-method' }),
        { type: 'breakableCode', value: node.path, at: '/' } as PhrasingContent,
      ];
    case 'localLink':
      return [{ type: 'link', url: node.url, children: node.children }];
    case 'caption':
      return [text(node.value)];
    case 'anchorLinks':
      return [
        element(
          'span',
          node.links.map((link) => element('a', [code(link.label)], { id: link.id, href: link.href })),
          (node.data?.page ?? {}) as Record<string, string>,
        ),
      ];
    case 'referencePart':
      return [referenceElement(node)];
  }
}

/** The node's twin form, as outline nodes the twin prints. */
export function twinForm(node: SemanticNode): (RootContent | PhrasingContent)[] {
  switch (node.type) {
    case 'fieldList':
      if (node.twin === 'none') return [];
      if (node.twin === 'table') return [twinTable(node)];
      return [
        bulletList(
          node.fields.map((field) => [
            code(field.name),
            text(field.type === undefined ? ': ' : ` (${field.type.label}): `),
            ...field.description,
          ]),
        ),
      ];
    case 'methodPath':
      return [code(`${node.method} ${node.path}`)];
    case 'localLink':
      return node.children;
    case 'caption':
      return [strong(node.value)];
    case 'anchorLinks':
      return [];
    case 'referencePart':
      return node.children;
  }
}
