// The resource limits of docs/decisions.md#security-resource-limits, measured: the server
// (SQLite), started as `npm start` starts it (test/helpers/server-process.ts: package.json's
// start script, its Node flags included), runs in a child process while this one asks for a health
// check every 10 ms and times each answer from when it was due. One row per heavy request:
// the four PDFs of 5,000 labels, a packing sheet of 5,000 items, and the CSV files of the
// security test (one header of 9.5 million commas; 288,000 rows), plus the largest file
// the import takes (50,000 rows, a dry run). Peak RSS is the server process's (VmHWM, with
// its worker threads), reset before each row.
//
//   npx tsx scripts/bench-limits.ts [--only pdf|csv|csv-rows] [--cpu-prof DIR]
// (csv-rows: the 288,000-row file alone, so its peak RSS is not the comma file's)
//
// --cpu-prof writes the server's CPU profiles (main thread and each job thread) into DIR
// when it stops, to see what held the event loop.
import { parseArgs } from 'node:util';
import fs from 'node:fs';
import { IMPORT_MAX_ROWS } from '../src/common/schemas/import.ts';
import { peakRssMb, probeHealth } from '../test/helpers/health-probe.ts';
import {
  freePort,
  sessionCookie,
  start,
  stopAll,
  tempDir,
  waitForHealth,
} from '../test/helpers/server-process.ts';

const { values: args } = parseArgs({
  options: { only: { type: 'string' }, 'cpu-prof': { type: 'string' } },
});
const EMAIL = 'bench@example.com';
const PASSWORD = 'bench-limits-password';

const server = start(tempDir(), await freePort(), {
  ADMIN_EMAIL: EMAIL,
  ADMIN_PASSWORD: PASSWORD,
  LOG_LEVEL: 'warn',
  ...(args['cpu-prof'] ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${args['cpu-prof']}` } : {}),
});
process.on('exit', stopAll);
// Starting under tsx takes seconds, and much longer on a machine busy with other work.
await waitForHealth(server, 180_000);
const cookie = await sessionCookie(server, EMAIL, PASSWORD);
const pid = server.child.pid!;

/**
 * A request, its body read at once as a browser does (a body left unread for a minute
 * while other PDFs are drawn is cut by the server's idle timeout); a connection the
 * server closed is 599.
 */
const api = async (path: string, init: RequestInit = {}): Promise<Response> => {
  try {
    const res = await fetch(`${server.base}/api${path}`, {
      ...init,
      headers: { cookie, ...(init.headers as Record<string, string> | undefined) },
    });
    return new Response(await res.arrayBuffer(), { status: res.status, headers: res.headers });
  } catch {
    return new Response(null, { status: 599 });
  }
};
// Bytes made before the clock starts: encoding a 10 MB string would block this process.
const bytes = (text: string) => new Uint8Array(Buffer.from(text));
const importCsv = (csv: Uint8Array<ArrayBuffer>, query = '') =>
  api(`/inventory/import?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: csv,
  });

const rows: string[][] = [];
async function measure(label: string, work: () => Promise<Response[]>) {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
  const before = peakRssMb(pid);
  const probe = probeHealth(async () => (await fetch(`${server.base}/api/health`)).status, {
    from: 'sent',
  });
  const started = performance.now();
  const answers = await work();
  const seconds = (performance.now() - started) / 1000;
  const health = await probe.stop();
  const statuses = answers.map((r) => r.status);
  await Promise.all(answers.map((r) => r.arrayBuffer()));
  rows.push([
    label,
    [...new Set(statuses)].map((s) => `${statuses.filter((x) => x === s).length}×${s}`).join(' '),
    seconds.toFixed(1),
    `${health.maxMs.toFixed(0)} (${health.answered}${health.failed ? `, ${health.failed} failed` : ''})`,
    `${before.toFixed(0)} → ${peakRssMb(pid).toFixed(0)}`,
  ]);
  console.log(rows.at(-1)!.join(' | '));
}

if (args.only === undefined || args.only === 'pdf') {
  const print = () =>
    api('/inventory/labels/print', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ preset: 'avery-l7160', count: 5000 }),
    });
  await measure('4 PDFs of 5,000 labels at once', () =>
    Promise.all([print(), print(), print(), print()]),
  );

  const items = ['name,type,location,manifest'];
  for (let i = 0; i < 5000; i++) items.push(`Item ${i},Crate,Bay ${i % 50},Bench job`);
  const setup = await importCsv(bytes(items.join('\n')));
  if (setup.status !== 200) throw new Error(`setup import: ${setup.status} ${await setup.text()}`);
  const manifests = (await (await api('/inventory/manifests')).json()) as Array<{ id: string }>;
  await measure('packing sheet of 5,000 items', async () => [
    await api(`/inventory/manifests/${manifests[0]!.id}/packing-sheet.pdf`),
  ]);
}

if (args.only !== 'pdf') {
  if (args.only !== 'csv-rows') {
    const commas = bytes(`${','.repeat(9_500_000)}\n`);
    await measure('CSV: one header of 9.5 million commas (9.5 MB)', async () => [
      await importCsv(commas, 'dry_run=true'),
    ]);
  }
  const csv = (n: number) => {
    const lines = ['name,type,note'];
    for (let i = 0; i < n; i++) lines.push(`Item ${i},Crate,Note for item ${i}`);
    return bytes(`${lines.join('\n')}\n`);
  };
  const big = csv(288_000);
  await measure(`CSV: 288,000 rows (${(big.length / 1048576).toFixed(1)} MB)`, async () => [
    await importCsv(big, 'dry_run=true'),
  ]);
  if (args.only !== 'csv-rows') {
    await measure(
      `CSV: ${IMPORT_MAX_ROWS.toLocaleString('en')} rows, dry run (largest taken)`,
      async () => [await importCsv(csv(IMPORT_MAX_ROWS), 'dry_run=true')],
    );
  }
}

console.log('\n| request | answers | s | health max ms (checks) | server peak RSS MiB |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
if (args['cpu-prof']) {
  // A profile is written when the process exits by itself, not when it is killed.
  server.child.kill('SIGTERM');
  await server.exited;
}
stopAll();
