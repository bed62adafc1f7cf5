import type { RootContent } from 'mdast';
import type { ApiReferenceUiStrings } from '../content/ui-strings-schema.ts';
import { pagePart } from '../markdown/page-outline.ts';
import type { RECOGNISED_PARAMS } from '../oauth/token-request.ts';
import { CATALOG_POLICY } from '../rate-limit/headers.ts';
import { HEALTH_PATH } from '../schemas/health.ts';
import { TOKEN_ENDPOINT_PATH } from '../schemas/oauth.ts';
import type { OperationView } from './api-reference-view.ts';

/*
 * An operation's "Try it" panel: a form that sends the operation from the page (same origin) with its parameters and
 * shows the answer. Only the page has it, and only with JavaScript (`TryIt.astro` renders it hidden, its script
 * reveals it); the twin leaves it out as every page part.
 */

/** One field of the panel's form. */
interface TryItField {
  name: string;
  /** Where the panel sends it: in the query, as a request header, or in the body. */
  in: 'query' | 'header' | 'body';
  required: boolean;
  /** The values it allows, offered as a `<select>`; none: a text field. */
  values: string[];
  /** What it holds at first: its default, or its one allowed value; empty fields are not sent. */
  initial: string;
  /** A line under the field. */
  hint?: string;
}

/** The properties of `TryIt.astro`. */
export interface TryItProps {
  /** The operation's anchor: the panel's element ids start with it. */
  id: string;
  method: 'GET' | 'POST';
  path: string;
  /** The body's media type, for an operation with a body: its fields are sent in it. */
  mediaType?: string;
  fields: TryItField[];
  /** Each documented status, with its reason phrase and the anchor of its response's heading on the page. */
  responses: Array<{ status: string; reason: string; anchor: string }>;
  /** What sending it costs: the rate limit's numbers filled in. */
  note: string;
  ui: ApiReferenceUiStrings['tryIt'];
}

/**
 * Paths whose requests cost no quota: the route table's uncounted API rows (`counted: false` in
 * `src/server/routes.ts`; a unit test holds the two equal).
 */
const QUOTA_FREE_PATHS: ReadonlySet<string> = new Set([HEALTH_PATH]);

/**
 * Fields an endpoint reads beyond its body schema's, offered so a reader sees its answer: the token endpoint reads a
 * client secret only to refuse it (`invalid_client`: public clients only).
 */
const REFUSED_FIELDS: Readonly<Record<string, ReadonlyArray<(typeof RECOGNISED_PARAMS)[number]>>> = {
  [TOKEN_ENDPOINT_PATH]: ['client_secret'],
};

/** The fields of an operation's query and header parameters, then of its body. */
function fieldsOf(operation: OperationView, ui: ApiReferenceUiStrings['tryIt']): TryItField[] {
  const parameters = operation.parameters.flatMap((parameter): TryItField[] =>
    parameter.in === 'query' || parameter.in === 'header'
      ? [
          {
            name: parameter.name,
            in: parameter.in,
            required: parameter.required,
            values: parameter.values,
            initial: parameter.default ?? (parameter.values.length === 1 ? parameter.values[0]! : ''),
          },
        ]
      : [],
  );
  const body = (operation.requestBody?.fields ?? []).map((field): TryItField => ({
    name: field.name,
    in: 'body',
    required: field.required,
    // A body field is free text, so a reader can send a wrong value and read the refusal; its one allowed value
    // (`client_credentials`) is what it holds at first.
    values: [],
    initial: field.values.length === 1 ? field.values[0]! : '',
  }));
  const refused = (REFUSED_FIELDS[operation.path] ?? []).map((name): TryItField => ({
    name,
    in: 'body',
    required: false,
    values: [],
    initial: '',
    hint: ui.refusedHint,
  }));
  return [...parameters, ...body, ...refused];
}

/**
 * The "Try it" panel of an operation a reader can send from the page: a GET (a HEAD or a preflight is described by
 * another, and a browser sends the preflight itself) or a POST with a form body. None for any other.
 */
export function tryItPanel(operation: OperationView, ui: ApiReferenceUiStrings): RootContent[] {
  const { method } = operation;
  if (operation.asFor !== undefined || (method !== 'GET' && method !== 'POST')) return [];
  const mediaType = operation.requestBody?.media[0]?.mediaType;
  const note = (QUOTA_FREE_PATHS.has(operation.path) ? ui.tryIt.free : ui.tryIt.quota)
    .replaceAll('{limit}', String(CATALOG_POLICY.limit))
    .replaceAll('{seconds}', String(CATALOG_POLICY.windowSeconds));
  const props: TryItProps = {
    id: operation.anchor,
    method,
    path: operation.path,
    ...(mediaType === undefined ? {} : { mediaType }),
    fields: fieldsOf(operation, ui.tryIt),
    responses: operation.responses.map(({ status, reason, anchor }) => ({ status, reason, anchor })),
    note,
    ui: ui.tryIt,
  };
  return [pagePart('TryIt', { ...props })];
}
