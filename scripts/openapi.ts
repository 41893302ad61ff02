// Writes openapi.json from the zod contracts. A test fails when the committed file is stale.
import fs from 'node:fs';
import { allEndpoints } from '../src/common/api/index.ts';
import { API_VERSION } from '../src/server/app.ts';
import { buildOpenApi } from '../src/server/lib/openapi.ts';

export function openApiText(): string {
  return `${JSON.stringify(buildOpenApi(allEndpoints(), { title: 'Yardkeep API', version: API_VERSION }), null, 2)}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.writeFileSync('openapi.json', openApiText());
  console.log(`openapi.json written (${allEndpoints().length} endpoints).`);
}
