// Times a CSV import of 20,000 rows on SQLite through the whole server stack (app.inject:
// routing, session, streaming body, parsing, planning, one transaction), and the
// re-import of the same file, which must change nothing.
//
//   npx tsx scripts/bench-import.ts [--rows 20000]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { generateLabelCodes } from '../src/server/lib/label-codes.ts';
import { buildMember } from '../test/factories/members.ts';
import { loginWith } from '../test/helpers/app.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '20000' } } });
const ROWS = Number(values.rows);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-bench-import-'));
const handle = openDatabase({ databaseUrl: undefined, dataDir });
await migrateToLatest(handle);
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: `${dataDir}/none` });
const app = await buildApp(config, { database: handle });
await app.ready();
const member = await buildMember(app, { role: 'staff' });
const cookie = await loginWith(app, member.email, member.password);

const types = ['Crate', 'Pallet', 'Panel', 'Piece', 'FF&E', 'Tools'];
const codes = generateLabelCodes(ROWS);
const lines = ['name,type,client,location,component,manifest,label,note'];
for (let i = 0; i < ROWS; i++) {
  lines.push(
    [
      `"Item ${i} Crème, Łódź"`,
      types[i % types.length],
      `Client ${i % 40}`,
      `Bay ${i % 120}`,
      `Component ${i % 60}`,
      i % 5 === 0 ? `Job ${i % 300}` : '',
      codes[i],
      i % 3 === 0 ? `"note ${i}\nsecond line"` : '',
    ].join(','),
  );
}
const csv = Buffer.from(lines.join('\r\n') + '\r\n');

async function timed(label: string) {
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/inventory/import?filename=bench.csv',
    headers: { cookie, 'content-type': 'text/csv' },
    payload: csv,
  });
  const ms = performance.now() - started;
  const body = res.json() as { create: number; update: number; unchanged: number };
  console.log(
    `${label}: ${res.statusCode} in ${(ms / 1000).toFixed(2)} s (create ${body.create}, update ${body.update}, unchanged ${body.unchanged})`,
  );
}

console.log(`${ROWS.toLocaleString('en')} rows, ${(csv.length / 1048576).toFixed(1)} MiB, SQLite`);
await timed('import');
await timed('re-import');
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
