import type { ParameterObject } from '../openapi/openapi-types.ts';
import type { ApiFamilyId } from '../content/api-families.ts';

/** The API reference as plain data; texts in the page's language (see buildApiReferenceView). */
export interface ApiReferenceView {
  title: string;
  version: string;
  paths: PathView[];
  schemas: SchemaView[];
  headers: HeaderView[];
  /** The shared headers every response names: listed once on the overview, not on each response. */
  everyResponseHeaders: string[];
}

/** A run of a description: plain text, or code where the document wrote `backticks`. */
export interface TextRun {
  code: boolean;
  text: string;
}

/** A type as shown to a reader: `string`, `integer`, `Category`, `Translation[]`… */
export interface TypeView {
  label: string;
  /** The component schema it names, to link to. */
  schema?: string;
}

/** One path and its operations, in the document's order. */
export interface PathView {
  path: string;
  anchor: string;
  /** The family whose page shows it (api-families.ts). */
  family: ApiFamilyId;
  operations: OperationView[];
}

/** Who may call an operation: one alternative of its security requirements. */
export type SecurityView = { kind: 'anonymous' } | { kind: 'oauth2'; scopes: string[] };

export interface OperationView {
  operationId: string;
  /** Upper case, as sent on the wire. */
  method: string;
  path: string;
  anchor: string;
  summary: string;
  description: string;
  security: SecurityView[];
  parameters: ParameterView[];
  requestBody?: RequestBodyView;
  responses: ResponseView[];
  /**
   * The request sample of `content/samples/<id>/` in every language; none for HEAD (its GET's
   * runs the same request) or OPTIONS (a browser sends the preflight).
   */
  sample?: string;
  /**
   * An operation described by another: HEAD by its path's GET (the same parameters and answers,
   * without a body), an OPTIONS by the first path's (the same preflight answers), which may be
   * on another family's page. Its parameters and responses are left out and link there instead.
   */
  asFor?: { anchor: string; label: string; family: ApiFamilyId };
}

/** A parameter: a field with where it is sent and its default. */
export interface ParameterView extends PropertyView {
  in: ParameterObject['in'];
  default?: string;
}

export interface MediaView {
  mediaType: string;
  schema?: TypeView;
}

interface RequestBodyView {
  description?: string;
  required: boolean;
  media: MediaView[];
  /** The fields of the body's schema (the first media type's), each with its type, whether it is required and its values. */
  fields: PropertyView[];
}

/** The guide's section on an error code a response may carry (`rate_limited`, `invalid_scope`…). */
export interface GuideSectionView {
  code: string;
  /** The section's fragment on the developer guide's page. */
  anchor: string;
}

export interface ResponseView {
  status: string;
  /** The status's reason phrase (RFC 9110 §15), e.g. `Not Modified`. */
  reason: string;
  anchor: string;
  description: string;
  media: MediaView[];
  /**
   * Its shared headers, linked to their description in the headers section, but those of every
   * response (`ApiReferenceView.everyResponseHeaders`)...
   */
  sharedHeaders: Array<{ name: string; anchor: string }>;
  /** ...which it names too, where there are any. */
  withEveryResponseHeaders: boolean;
  /** The headers it describes itself. */
  ownHeaders: Array<{ name: string; description: string }>;
  /** The guide's sections on the error codes its examples carry, in their order; none for a success. */
  guideSections: GuideSectionView[];
  /** The document's examples of the body; none for HEAD, whose answers have no body. */
  examples: ExampleView[];
  /** A shared response shown before: its examples are there, not repeated here. */
  sameAs?: { anchor: string; label: string };
}

/** One example of a body as the page shows it: a code block, with the summary the document gives it. */
export interface ExampleView {
  summary?: string;
  mediaType: string;
  /** The fence's language. */
  language: 'json' | 'yaml' | 'text';
  code: string;
}

export interface PropertyView {
  name: string;
  type: TypeView;
  required: boolean;
  description: string;
  values: string[];
}

export interface SchemaView {
  name: string;
  anchor: string;
  description: string;
  type: TypeView;
  properties: PropertyView[];
}

export interface HeaderView {
  name: string;
  anchor: string;
  type: TypeView;
  description: string;
}
