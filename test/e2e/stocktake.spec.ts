import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatLabelCode } from '../../src/common/label-code.ts';
import { generateLabelCode } from '../../src/server/lib/label-codes.ts';
import { buildItem } from '../factories/items.ts';
import { buildLabel } from '../factories/labels.ts';
import { buildLocation } from '../factories/locations.ts';
import { buildMember } from '../factories/members.ts';
import { buildStocktake } from '../factories/stocktakes.ts';
import { openBrowser, startServer, type Browser, type RunningServer } from '../helpers/browser.ts';
import { fakeCameraArgs, y4mSequence } from '../helpers/camera.ts';
import { openInstalled } from '../helpers/deploy.ts';
import { signIn } from '../helpers/e2e-suite.ts';
import { putBack, queueOf } from '../helpers/offline-queue.ts';
import { pdfText } from '../helpers/pdf.ts';
import { qrLabelPng } from '../helpers/qr.ts';

// Stock-takes with Chromium's fake camera (docs/decisions.md, "Stock-takes"): the labels go
// by one after another in one looping video, so a label seen again is "already counted".

let server: RunningServer;
let browser: Browser | undefined;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-stocktake-'));

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const itemRow = (id: string) =>
  server.app.db
    .selectFrom('items')
    .select(['location_id', 'container_id', 'condition', 'last_counted_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const scanRows = (stocktakeId: string) =>
  server.app.db
    .selectFrom('stocktake_scans')
    .select(['item_id', 'outcome', 'scanned_by_email'])
    .where('stocktake_id', '=', stocktakeId)
    .execute();

/** A phone whose camera films the labels of `codes`, signed in, the app installed. */
async function phoneFilming(codes: string[], member: { email: string; password: string }) {
  const pngs = await Promise.all(
    codes.map((code) => qrLabelPng(`${server.origin}/scan/${code}`, { size: 280 })),
  );
  await browser?.close();
  const dir = fs.mkdtempSync(path.join(tmp, 'phone-'));
  const video = await y4mSequence(dir, pngs, { showS: 2.5, blankS: 0.8, leadS: 3 });
  browser = await openBrowser({
    viewport: { width: 375, height: 667 },
    args: fakeCameraArgs(video),
  });
  await signIn(browser.page, server.origin, member);
  await openInstalled(browser.page, `${server.origin}/`);
  return browser;
}

async function labelled(name: string, locationId: string) {
  const item = await buildItem(server.app, { name, location_id: locationId });
  return { ...item, code: (await buildLabel(server.app, { item_id: item.id })).id };
}

describe('a stock-take started from the location itself', () => {
  it(
    'opens the location from an item there, lists what is there, and starts its stock-take',
    { timeout: 90_000 },
    async () => {
      const client = await buildMember(server.app, { role: 'client' });
      const staff = await buildMember(server.app, { role: 'staff' });
      const loft = await buildLocation(server.app, { name: 'Rigging loft' });
      const hoist = await labelled('Chain hoist', loft.id);
      const crate = await labelled('Shackle crate', loft.id);
      await buildItem(server.app, { name: 'Shackle', container_id: crate.id });
      await buildItem(server.app, { name: 'Sling elsewhere' });
      await browser?.close();
      browser = await openBrowser({ viewport: { width: 375, height: 667 } });
      const { page, context } = browser;

      // A client user's item page has no link to the location, and its page is refused.
      const own = await buildItem(server.app, {
        name: 'Client lamp',
        location_id: loft.id,
        client_id: client.client_id!,
      });
      await signIn(page, server.origin, client);
      await page.goto(`${server.origin}/items/${own.id}`);
      const clientDetails = page.getByTestId('item-details');
      await clientDetails.getByText('Rigging loft').waitFor();
      expect(await clientDetails.getByRole('link').count()).toBe(0);
      await page.goto(`${server.origin}/locations/${loft.id}`);
      await page.getByText('You are not allowed to do that.').waitFor();
      expect(await page.getByRole('button', { name: 'Start stock-take' }).count()).toBe(0);
      await context.clearCookies();

      // Staff: from the item's Location row to the location's page.
      await signIn(page, server.origin, staff);
      await page.goto(`${server.origin}/items/${hoist.id}`);
      await page.getByTestId('item-details').getByRole('link', { name: 'Rigging loft' }).click();
      await page.getByRole('heading', { level: 1, name: 'Rigging loft' }).waitFor();
      expect(page.url()).toBe(`${server.origin}/locations/${loft.id}`);
      expect(await page.getByTestId('location-expected').innerText()).toBe(
        '4 items here to count (not out on a job, not missing)',
      );
      const listed = page.getByTestId('location-items').getByRole('link');
      expect(await listed.allInnerTexts()).toEqual([
        'Chain hoist',
        'Client lamp',
        'Shackle',
        'Shackle crate',
      ]);
      expect(await page.getByText('No stock-take of this location yet.').count()).toBe(1);

      await page.getByRole('checkbox', { name: 'Count contents with the crate' }).check();
      await page.getByRole('button', { name: 'Start stock-take' }).click();
      await page.getByRole('heading', { level: 1, name: 'Stock-take of Rigging loft' }).waitFor();
      const id = /\/stocktakes\/([^/?]+)/.exec(page.url())![1]!;
      expect(await page.getByTestId('stocktake-summary').innerText()).toBe('0 of 4 found');
      const row = await server.app.db
        .selectFrom('stocktakes')
        .select(['location_id', 'container_id', 'count_contents', 'started_by_email'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        location_id: loft.id,
        container_id: null,
        count_contents: 1,
        started_by_email: staff.email,
      });

      // Back on the location's page, the stock-take is listed as open.
      await page.goBack();
      const stocktakes = page.getByTestId('stocktakes');
      await stocktakes.getByRole('link', { name: 'Rigging loft' }).waitFor();
      await stocktakes.getByText('Open', { exact: true }).waitFor();
      expect(await stocktakes.getByRole('row').count()).toBe(2);
    },
  );
});

describe('a stock-take by scanning', () => {
  it(
    'counts a location: 3 found, one from elsewhere moved here, one unknown label; finish marks one missing; the report lists each',
    { timeout: 150_000 },
    async () => {
      const staff = await buildMember(server.app, { role: 'staff' });
      const bay = await buildLocation(server.app, { name: 'Bay 7' });
      const elsewhere = await buildLocation(server.app, { name: 'Yard South' });
      const [a, b, c, d, e] = await Promise.all(
        ['Amp rack', 'Bass cab', 'Cable trunk', 'Drum riser', 'Echo unit'].map((n) =>
          labelled(n, bay.id),
        ),
      );
      const stray = await labelled('Stray spot', elsewhere.id);
      const unknownCode = generateLabelCode();
      const { page } = await phoneFilming(
        [a!.code, b!.code, c!.code, stray.code, unknownCode],
        staff,
      );

      // Started from the /stocktakes page, for the location.
      await page.goto(`${server.origin}/stocktakes`);
      await page
        .getByRole('textbox', { name: 'Location to count' })
        .or(page.getByRole('combobox', { name: 'Location to count' }))
        .first()
        .click();
      await page.getByRole('option', { name: 'Bay 7' }).click();
      await page.getByRole('button', { name: 'Start stock-take' }).click();
      await page.getByRole('heading', { level: 1, name: 'Stock-take of Bay 7' }).waitFor();
      const id = /\/stocktakes\/([^/?]+)/.exec(page.url())![1]!;
      expect(await page.getByTestId('stocktake-summary').innerText()).toBe('0 of 5 found');

      await page.getByRole('button', { name: 'Start scanning' }).click();
      const mode = page.getByRole('dialog', { name: 'Stock-take of Bay 7' });
      const counts = mode.getByTestId('stocktake-counts');
      await expect
        .poll(() => counts.innerText(), { timeout: 40_000 })
        .toBe('3 of 5 found · 1 wrong place · 1 unknown');
      await mode.getByRole('button', { name: 'Done scanning' }).click();

      // One tap moves the stray here, through the item door.
      await page.getByRole('button', { name: /^Move here\W+Stray spot$/ }).click();
      await page.getByText('Moved here').waitFor();
      expect(await itemRow(stray.id)).toMatchObject({ location_id: bay.id, container_id: null });
      // The unknown label is offered to be attached to an item.
      const unknown = page.getByTestId('section-unknown-labels');
      expect(await unknown.innerText()).toContain(formatLabelCode(unknownCode));
      expect(
        await unknown.getByRole('link', { name: 'Attach to an item' }).getAttribute('href'),
      ).toBe(`/scan/${unknownCode}`);

      // Finish: Drum riser marked missing on purpose, Echo unit left as it is.
      await page.getByRole('checkbox', { name: 'Mark Drum riser missing' }).check();
      await page.getByRole('button', { name: 'Finish stock-take' }).click();
      await page
        .getByRole('dialog', { name: 'Finish the stock-take?' })
        .getByRole('button', { name: 'Finish' })
        .click();
      await page.getByText('Finished', { exact: true }).waitFor();
      expect((await itemRow(d!.id)).condition).toBe('missing');
      expect((await itemRow(e!.id)).condition).toBe('ok');
      expect((await itemRow(a!.id)).last_counted_at).not.toBeNull();
      const rows = await scanRows(id);
      expect(rows.map((r) => r.outcome).sort()).toEqual(['found', 'found', 'found', 'wrong_place']);
      expect(new Set(rows.map((r) => r.scanned_by_email))).toEqual(new Set([staff.email]));

      // The report's PDF, from the page's own link, lists each one.
      const href = await page.getByRole('link', { name: 'Report (PDF)' }).getAttribute('href');
      const pdf = await page.request.get(`${server.origin}${href}`);
      expect(pdf.status()).toBe(200);
      const text = (await pdfText(await pdf.body())).replace(/\s+/g, ' ');
      for (const name of [
        'Amp rack',
        'Bass cab',
        'Cable trunk',
        'Stray spot',
        'Drum riser',
        'Echo unit',
      ]) {
        expect(text).toContain(name);
      }
      expect(text).toContain('3 of 5 found · 1 wrong place · 1 unknown · 1 missing');
      expect(text).toContain('Missing (1) Drum riser');
      expect(text).toContain('Not scanned (1) Echo unit');
      expect(text).toContain(formatLabelCode(unknownCode));
      expect(text).toContain(staff.email);
    },
  );

  it(
    'keeps scanning offline and counts each scan once when the network returns',
    { timeout: 150_000 },
    async () => {
      const staff = await buildMember(server.app, { role: 'staff' });
      const shed = await buildLocation(server.app, { name: 'Back shed' });
      const one = await labelled('Ladder', shed.id);
      const two = await labelled('Winch', shed.id);
      await labelled('Tarp', shed.id);
      const stocktake = await buildStocktake(server.app, { location_id: shed.id });
      const { page, context } = await phoneFilming([one.code, two.code], staff);
      // Opened online; then the dead zone.
      await page.goto(`${server.origin}/stocktakes/${stocktake.id}`);
      await page.getByRole('button', { name: 'Start scanning' }).waitFor();
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Start scanning' }).click();
      const mode = page.getByRole('dialog', { name: 'Stock-take of Back shed' });
      const badge = mode.getByTestId('queue-badge');
      await expect.poll(() => badge.getAttribute('data-queued'), { timeout: 30_000 }).toBe('2');
      await mode.getByRole('button', { name: 'Pause' }).click();
      expect(await mode.getByTestId('scan-result').innerText()).toContain('Queued — will sync');
      const queued = await queueOf(page);
      expect(queued.map((q) => [q.mode, q.stocktake_id])).toEqual([
        ['stocktake', stocktake.id],
        ['stocktake', stocktake.id],
      ]);
      expect(await scanRows(stocktake.id)).toEqual([]);

      await context.setOffline(false);
      await expect.poll(async () => (await queueOf(page)).length, { timeout: 20_000 }).toBe(0);
      const rows = await scanRows(stocktake.id);
      expect(rows.map((r) => [r.item_id, r.outcome]).sort()).toEqual(
        [
          [one.id, 'found'],
          [two.id, 'found'],
        ].sort(),
      );

      // The same queue sent again (a phone restored from a backup): nothing counts twice.
      await putBack(page, queued);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect.poll(async () => (await queueOf(page)).length, { timeout: 20_000 }).toBe(0);
      expect(await scanRows(stocktake.id)).toHaveLength(2);
      const scans = await server.app.db
        .selectFrom('activity')
        .select('source_id')
        .where('action', '=', 'SCAN')
        .where('source_id', 'in', [one.code, two.code])
        .execute();
      expect(scans).toHaveLength(2);
    },
  );
});
