// Writes openapi.json from the zod contracts, and the typed client's types generated from
// it (examples/yardkeep-api.d.ts, openapi-typescript). A test fails when either is stale.
import fs from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import { allEndpoints } from '../src/common/api/index.ts';
import { API_VERSION } from '../src/server/app.ts';
import { buildOpenApi } from '../src/server/lib/openapi.ts';

export const CLIENT_TYPES_FILE = 'examples/yardkeep-api.d.ts';

function openApiDocument() {
  return buildOpenApi(allEndpoints(), { title: 'Yardkeep API', version: API_VERSION });
}

export function openApiText(): string {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}

/** What `openapi-typescript openapi.json` prints, with a header saying where it comes from. */
export async function clientTypesText(): Promise<string> {
  const ast = await openapiTS(JSON.parse(openApiText()) as Parameters<typeof openapiTS>[0]);
  return `// Generated from openapi.json by \`npm run openapi\` (openapi-typescript). Do not edit.\n${astToString(ast)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.writeFileSync('openapi.json', openApiText());
  fs.writeFileSync(CLIENT_TYPES_FILE, await clientTypesText());
  console.log(
    `openapi.json and ${CLIENT_TYPES_FILE} written (${allEndpoints().length} endpoints).`,
  );
}
