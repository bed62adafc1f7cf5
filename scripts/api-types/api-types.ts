import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

/**
 * BASE_URL of the document the committed types come from: the default configuration's. The types
 * carry the document's examples as JSDoc, and those name BASE_URL, so one fixed value keeps the
 * file the same wherever it is generated.
 */
export const TYPES_BASE_URL = 'http://localhost:4321';

/** The committed types of the API. */
export const TYPES_FILE = new URL('../../src/generated/openapi.d.ts', import.meta.url);

/** TypeScript types of an OpenAPI document given as JSON text, as openapi-typescript writes them. */
export async function generateApiTypes(documentJson: string): Promise<string> {
  const types = astToString(await openapiTS(documentJson, { silent: true }));
  return `${COMMENT_HEADER}// Regenerate with \`npm run generate:types\`.\n\n${types}`;
}
