// How long a phone takes to sync a full offline queue: 200 packing scans (by default) made
// offline, then "Sync now" tapped with the network back, until the server has every item on
// the manifest and the phone's queue is empty. With `--mode return`, 200 return scans of a job
// that is out, until every item is back. Loopback, SQLite, the production build, in Chromium;
// the timings depend on how busy the machine is.
//
//   npx tsx scripts/bench-offline-sync.ts [--scans 200] [--runs 3] [--mode packing|return]
import { parseArgs } from 'node:util';
import { buildItem } from '../test/factories/items.ts';
import { buildLabel } from '../test/factories/labels.ts';
import { buildManifest } from '../test/factories/manifests.ts';
import { buildMember } from '../test/factories/members.ts';
import { dispatchJob } from '../src/server/modules/round-trip/round-trip.service.ts';
import { openBrowser, startServer } from '../test/helpers/browser.ts';

const { values } = parseArgs({
  options: {
    scans: { type: 'string', default: '200' },
    runs: { type: 'string', default: '3' },
    mode: { type: 'string', default: 'packing' },
  },
});
const RETURNS = values.mode === 'return';
if (!RETURNS && values.mode !== 'packing') throw new Error('--mode is packing or return');
const SCANS = Number(values.scans);
const RUNS = Number(values.runs);

// @ts-expect-error plain .mjs scripts shared with npm start
const { ensureWebBuild } = (await import('./web-build.mjs')) as {
  ensureWebBuild: (o: { quiet: boolean }) => void;
};
ensureWebBuild({ quiet: false });

const server = await startServer();
const browser = await openBrowser({ viewport: { width: 390, height: 844 } });
const { page, context } = browser;
const timings: number[] = [];
try {
  const staff = await buildMember(server.app, { role: 'staff' });
  const login = await page.request.post(`${server.origin}/api/login`, {
    data: { username: staff.email, password: staff.password },
  });
  if (login.status() !== 200) throw new Error('login failed');
  await page.goto(`${server.origin}/`);
  await page.evaluate(() => navigator.serviceWorker.ready);

  for (let run = 1; run <= RUNS; run++) {
    const manifest = await buildManifest(server.app, { name: `Bench ${run}` });
    const labels = [];
    for (let i = 0; i < SCANS; i++) {
      const item = await buildItem(server.app, {
        name: `Bench ${run}-${i}`,
        ...(RETURNS ? { manifest_id: manifest.id } : {}),
      });
      labels.push(await buildLabel(server.app, { item_id: item.id }));
    }
    // Return scans bring back a job that is out.
    if (RETURNS) await dispatchJob(server.app, manifest.id, staff);
    const scans = [];
    for (const label of labels) {
      const id = crypto.randomUUID();
      scans.push({
        id,
        key: id,
        user_id: staff.id,
        ...(RETURNS
          ? {
              mode: 'return',
              return_to: { location_id: null, condition: 'ok', note: null, photo: null },
            }
          : { mode: 'packing' }),
        manifest_id: manifest.id,
        manifest_name: manifest.name,
        target: { kind: 'label', id: label.id },
        subject: label.id,
        scanned_at: new Date().toISOString(),
        item: null,
        move_confirmed_from: null,
        state: 'queued',
        problem: null,
      });
    }
    // The scans as packing mode stores them while offline; the page reloads offline with them.
    await context.setOffline(true);
    await page.evaluate(
      (rows) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('yardkeep-offline', 1);
          open.onsuccess = () => {
            const tx = open.result.transaction('scans', 'readwrite');
            for (const row of rows) tx.objectStore('scans').add(row);
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
        }),
      scans,
    );
    await page.goto(`${server.origin}/manifests/${manifest.id}`);
    const badge = page.getByTestId('queue-badge');
    await badge.waitFor();
    if ((await badge.getAttribute('data-queued')) !== String(SCANS)) throw new Error('not queued');
    await badge.click();
    const syncButton = page.getByRole('button', { name: 'Sync now' });
    await syncButton.waitFor();

    // Back online, then the tap. (Coming online starts the same sync by itself.)
    await context.setOffline(false);
    const began = performance.now();
    await syncButton.click();
    for (;;) {
      const packed = await server.app.db
        .selectFrom('items')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('manifest_id', '=', manifest.id)
        .executeTakeFirstOrThrow();
      const left = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('yardkeep-offline', 1);
            open.onsuccess = () => {
              const req = open.result.transaction('scans').objectStore('scans').count();
              req.onsuccess = () => resolve(req.result);
            };
          }),
      );
      if (Number(packed.n) === (RETURNS ? 0 : SCANS) && left === 0) break;
      if (performance.now() - began > 120_000) throw new Error('sync did not finish in 2 min');
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = Math.round(performance.now() - began);
    timings.push(ms);
    console.log(`run ${run}: ${SCANS} queued scans applied in ${ms} ms`);
    await page.keyboard.press('Escape');
  }
  const sorted = [...timings].sort((a, b) => a - b);
  console.log(
    `sync of ${SCANS} queued ${RETURNS ? 'return' : 'packing'} scans (tap → all applied, loopback, SQLite, shared machine): ` +
      `median ${sorted[Math.floor(sorted.length / 2)]} ms, worst ${sorted.at(-1)} ms over ${RUNS} runs`,
  );
} finally {
  await browser.close();
  await server.close();
}
