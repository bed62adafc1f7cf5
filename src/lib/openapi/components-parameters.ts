import { CATALOG_TEMPLATES, DEFAULT_TEMPLATE } from '../schemas/catalog.ts';
import { componentRef, type ParameterObject, type ReferenceObject } from './openapi-types.ts';

/** `components.parameters`: parameters more than one operation takes, described once. */
export const COMPONENT_PARAMETERS = {
  Template: {
    name: 'template',
    in: 'query',
    description:
      'The panel: EU or UK, complete or light. Absent means `public-complete-eu`. An unknown, empty or ' +
      'repeated value, or a query that is not validly percent-encoded, gets 400 before the upstream is asked. ' +
      'Other query parameters are ignored.',
    required: false,
    schema: { type: 'string', enum: [...CATALOG_TEMPLATES], default: DEFAULT_TEMPLATE },
    example: 'public-light-eu',
  },
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    description:
      'The `ETag` of the copy the client holds: when it is still current the answer is 304 without a body ' +
      '(RFC 9110 section 13.1.2). The way to poll cheaply.',
    required: false,
    schema: { type: 'string' },
    example: '"q3Xy0Z8mD1b5N2fJ7kP4sV9wA6tE1cR0"',
  },
  IfMatch: {
    name: 'If-Match',
    in: 'header',
    description:
      'Answer only if the current `ETag` is one of these, by strong comparison (a weak `W/` tag never matches), ' +
      'or for `*`; otherwise 412, even where `If-None-Match` would give 304 (RFC 9110 sections 13.1.1, 13.2.2).',
    required: false,
    schema: { type: 'string' },
    example: '"q3Xy0Z8mD1b5N2fJ7kP4sV9wA6tE1cR0"',
  },
} satisfies Record<string, ParameterObject>;

/** A `$ref` to a shared parameter. */
export const parameterRef = (name: keyof typeof COMPONENT_PARAMETERS): ReferenceObject =>
  componentRef('parameters', name);
