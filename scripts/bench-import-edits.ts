// Times a CSV import that edits existing items (issue 20: the door writes them set-based),
// through the whole server stack on the engine TEST_DB names (sqlite by default; postgres
// on the server DATABASE_URL names, in a fresh database dropped afterwards). The first
// import creates the items; the timed one changes every item's note.
//
//   npx tsx scripts/bench-import-edits.ts [--rows 5000]
//   TEST_DB=postgres DATABASE_URL=postgres://… npx tsx scripts/bench-import-edits.ts
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { generateLabelCodes } from '../src/server/lib/label-codes.ts';
import { buildMember } from '../test/factories/members.ts';
import { loginWith } from '../test/helpers/app.ts';
import { createTestDatabase, TEST_ENGINE } from '../test/helpers/database.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '5000' } } });
const ROWS = Number(values.rows);

const database = await createTestDatabase();
const config = loadConfig({
  DATA_DIR: database.dataDir,
  LOG_LEVEL: 'silent',
  WEB_DIST: `${database.dataDir}/none`,
});
const app = await buildApp(config, { database: database.handle });
await app.ready();
const member = await buildMember(app, { role: 'staff' });
const cookie = await loginWith(app, member.email, member.password);

const codes = generateLabelCodes(ROWS);
const csvWithNote = (note: string) =>
  Buffer.from(
    ['name,label,note', ...codes.map((code, i) => `Item ${i},${code},${note} ${i}`)].join('\r\n'),
  );

async function importCsv(csv: Buffer) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/inventory/import?filename=bench.csv',
    headers: { cookie, 'content-type': 'text/csv' },
    payload: csv,
  });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json() as { create: number; update: number };
}

await importCsv(csvWithNote('first'));
const edits = csvWithNote('edited');
const cpu = process.cpuUsage();
const started = performance.now();
const body = await importCsv(edits);
const wall = performance.now() - started;
const used = process.cpuUsage(cpu);
console.log(
  `${TEST_ENGINE}, ${ROWS.toLocaleString('en')} rows editing existing items (update ${body.update}): ` +
    `wall ${(wall / 1000).toFixed(2)} s, this process's CPU ${((used.user + used.system) / 1e6).toFixed(2)} s`,
);
await app.close();
await database.drop();
