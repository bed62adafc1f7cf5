// `npm run generate:types [-- <url of a served /openapi.json>]`: TypeScript types of the API,
// generated with openapi-typescript into src/generated/openapi.d.ts (committed; an integration test
// fails when it is stale), and the type of the interface strings from content/i18n/en.yaml into
// src/generated/ui-strings.ts (committed; a unit test fails when it is stale). Without a URL, the document is built in-process exactly as the site
// serves it with BASE_URL http://localhost:4321; with one, it is fetched from that server.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseConfig } from '../src/lib/config/config.ts';
import { buildOpenApiDocument } from '../src/lib/openapi/build-openapi-document.ts';
import { API_ROUTE_OPERATIONS } from '../src/server/routes.ts';
import { generateApiTypes, TYPES_BASE_URL, TYPES_FILE } from './api-types/api-types.ts';
import { ENGLISH_UI_STRINGS_FILE, UI_STRINGS_TYPE_FILE, uiStringsType } from './ui-strings/ui-strings-type.ts';

const url = process.argv[2];
const documentJson =
  url === undefined
    ? JSON.stringify(buildOpenApiDocument(parseConfig({ BASE_URL: TYPES_BASE_URL }), API_ROUTE_OPERATIONS))
    : await (await fetch(url)).text();
writeFileSync(TYPES_FILE, await generateApiTypes(documentJson));
process.stdout.write(`wrote ${fileURLToPath(TYPES_FILE)}\n`);
writeFileSync(UI_STRINGS_TYPE_FILE, uiStringsType(readFileSync(ENGLISH_UI_STRINGS_FILE, 'utf8')));
process.stdout.write(`wrote ${fileURLToPath(UI_STRINGS_TYPE_FILE)}\n`);
