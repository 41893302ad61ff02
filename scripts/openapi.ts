// Writes openapi.json from the zod contracts. A test fails when the committed file is stale.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { allEndpoints } from '../src/common/api/index.ts';
import { API_VERSION } from '../src/server/app.ts';
import { buildOpenApi } from '../src/server/lib/openapi.ts';

export function openApiText(): string {
  return `${JSON.stringify(buildOpenApi(allEndpoints(), { title: 'Yardkeep API', version: API_VERSION }), null, 2)}\n`;
}

const USAGE = `Usage: npm run openapi -- [--out <file>]
Writes the OpenAPI document of the zod contracts to openapi.json (or <file>).`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { out: { type: 'string', default: 'openapi.json' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    console.log(USAGE);
  } else {
    fs.writeFileSync(values.out, openApiText());
    console.log(`${values.out} written (${allEndpoints().length} endpoints).`);
  }
}
