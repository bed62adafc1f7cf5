import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema, OpenApiDocument } from '../../../src/lib/openapi/openapi-types.ts';

/** Base URI under which a document's `#/components/schemas/…` refs resolve. */
const DOCUMENT_ID = 'urn:catalog-service:openapi';

/**
 * JSON Schema 2020-12 validation (Ajv, with the `format` vocabulary asserted) of values against
 * the schemas of one OpenAPI document, whose `$ref`s point into its `components.schemas`.
 */
export class SchemaValidator {
  readonly #ajv: Ajv2020;
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    this.#ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats(this.#ajv);
    // Keywords of the OAS 3.1 base dialect, and the document member holding the components.
    this.#ajv.addVocabulary(['components', 'discriminator', 'xml', 'externalDocs', 'example']);
    this.#ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas: document.components.schemas } });
  }

  /** The problems with `value` against `schema`, as readable lines; empty when it is valid. */
  validate(schema: JsonSchema, value: unknown): string[] {
    const key = JSON.stringify(schema);
    let validateFn = this.#compiled.get(key);
    if (validateFn === undefined) {
      validateFn = this.#ajv.compile(rebase(schema));
      this.#compiled.set(key, validateFn);
    }
    if (validateFn(value)) return [];
    return (validateFn.errors ?? []).map(
      (error) => `${error.instancePath || '(root)'} ${error.message ?? 'is invalid'} ${JSON.stringify(error.params)}`,
    );
  }
}

/** A schema whose document-local `$ref`s point at the registered document instead. */
function rebase(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema), (key, value: unknown) =>
    key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? DOCUMENT_ID + value : value,
  ) as JsonSchema;
}
