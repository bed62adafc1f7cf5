// `npm run lint:openapi`: lints the OpenAPI document this configuration serves (built in-process,
// as the site builds it) with Redocly CLI and the rules of redocly.yaml. No build or server needed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApiDocument } from '../src/lib/openapi/build-openapi-document.ts';
import { loadConfigOrExit } from '../src/lib/config/config.ts';
import { API_ROUTE_OPERATIONS } from '../src/server/routes.ts';

const redocly = fileURLToPath(new URL('../node_modules/@redocly/cli/bin/cli.js', import.meta.url));
const lintConfig = fileURLToPath(new URL('../redocly.yaml', import.meta.url));

const dir = mkdtempSync(join(tmpdir(), 'catalog-openapi-'));
const file = join(dir, 'openapi.json');
try {
  const document = buildOpenApiDocument(loadConfigOrExit(), API_ROUTE_OPERATIONS);
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
  const result = spawnSync(process.execPath, [redocly, 'lint', file, '--config', lintConfig], {
    stdio: 'inherit',
    // No telemetry and no update check: the lint must not need the network.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
