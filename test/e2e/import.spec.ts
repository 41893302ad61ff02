import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { scanLink } from '../../src/common/label-code.ts';
import { findPreset, labelsPerPage } from '../../src/common/label-presets.ts';
import { buildMember } from '../factories/members.ts';
import { signIn, useBrowserSuite } from '../helpers/e2e-suite.ts';
import { decodeLabelByLabel, labelRects, pdfText } from '../helpers/pdf.ts';
import { buildItem } from '../factories/items.ts';
import { buildManifest } from '../factories/manifests.ts';
import { injectAs, loginAs } from '../helpers/app.ts';

// This machine may be busy: page loads and server answers get more than a second.
const SLOW = { timeout: 15_000 };
const TAG = Math.random().toString(36).slice(2, 8);

const { server, desktop } = useBrowserSuite({ mobile: false, clearCookies: false });

/** 50 rows whose name is in a column the import cannot guess ("Description"). */
function spreadsheet(): string {
  const rows = ['Description,Type,Client,Location,Notes'];
  for (let i = 1; i <= 50; i++) {
    rows.push(
      `"Flat ${TAG} ${String(i).padStart(2, '0')}",Panel,Client ${TAG},"Bay ${TAG}, north","n ${i}"`,
    );
  }
  return `${rows.join('\r\n')}\r\n`;
}

async function choose(page: Page, field: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: field, exact: typeof field === 'string' }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('import page and label printing from the home list', () => {
  it('asks before packing an item another job holds, and imports it only with "Pack anyway"', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    // Its own tag: the 50 flats below are found by searching TAG, and this crate must not be.
    const HELD = `held-${Date.now().toString(36)}`;
    const crate = await buildItem(server.app, { name: `Crate ${HELD} held` });
    const dates = (out_date: string, due_date: string) => ({ out_date, due_date });
    const autumn = await buildManifest(server.app, {
      name: `Autumn ${HELD}`,
      ...dates('2027-06-12', '2027-06-15'),
    });
    const summer = await buildManifest(server.app, {
      name: `Summer ${HELD}`,
      ...dates('2027-06-10', '2027-06-13'),
    });
    const session = await loginAs(server.app, 'staff');
    for (const [url, payload] of [
      [`/api/inventory/manifests/${autumn.id}/reservations`, { item_id: crate.id }],
      [`/api/inventory/manifests/${autumn.id}/reserve`, {}],
    ] as const) {
      const res = await injectAs(server.app, session, { method: 'POST', url, payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    await signIn(page, server.origin, staff);
    await page.goto(`${server.origin}/import`);
    await page.locator('input[type=file]').setInputFiles({
      name: 'pack.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`id,manifest\r\n${crate.id},Summer ${HELD}\r\n`, 'utf8'),
    });
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('import-questions').innerText(), SLOW)
      .toBe(`Row 2: Reserved for Autumn ${HELD} from 12 Jun. Pack it anyway?`);
    const importButton = page.getByRole('button', { name: 'Import 1 item' });
    expect(await importButton.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: /^Pack anyway/ }).check();
    await importButton.click();
    await expect
      .poll(() => page.getByTestId('import-done').innerText(), SLOW)
      .toContain('1 item changed');
    const stored = await server.app.db
      .selectFrom('items')
      .select('manifest_id')
      .where('id', '=', crate.id)
      .executeTakeFirstOrThrow();
    expect(stored.manifest_id).toBe(summer.id);
  });

  it('imports a 50-row CSV through the page with a mapping change, then finds the items', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    await signIn(page, server.origin, staff);
    await page.goto(server.origin);
    await page.getByRole('button', { name: 'Import, export, labels' }).click();
    await page.getByRole('menuitem', { name: 'Import from a CSV file' }).click();
    await page.waitForURL(/\/import$/);

    await page.locator('input[type=file]').setInputFiles({
      name: 'flats.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(spreadsheet(), 'utf8'),
    });
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const counts = page.getByTestId('import-counts');
    await expect.poll(() => counts.innerText(), SLOW).toContain('50 rows: 50 items to create');
    // New names are listed first.
    expect(await page.getByTestId('new-names').innerText()).toContain(
      `New clients (1): Client ${TAG}`,
    );
    expect(await page.getByTestId('new-names').innerText()).toContain(`Bay ${TAG}, north`);
    // Nothing maps to the name yet: the preview shows no names.
    expect(await page.getByTestId('import-preview').innerText()).not.toContain(`Flat ${TAG} 01`);

    await choose(page, 'Name', 'Description');
    await expect
      .poll(() => page.getByTestId('import-preview').innerText(), SLOW)
      .toContain(`Flat ${TAG} 01`);
    const before = await itemCount();
    expect(before).toBe(0);

    await page.getByRole('button', { name: 'Import 50 items' }).click();
    await expect
      .poll(() => page.getByTestId('import-done').innerText(), SLOW)
      .toContain('50 items created');
    const stored = await server.app.db
      .selectFrom('items')
      .innerJoin('clients', 'clients.id', 'items.client_id')
      .select(['items.name', 'items.status', 'clients.name as client'])
      .where('items.name', 'like', `Flat ${TAG}%`)
      .orderBy('items.name')
      .execute();
    expect(stored).toHaveLength(50);
    expect(stored[0]).toEqual({ name: `Flat ${TAG} 01`, status: 'Panel', client: `Client ${TAG}` });
    const feed = await server.app.db
      .selectFrom('activity')
      .select('ref_name')
      .where('action', '=', 'IMPORT')
      .execute();
    expect(feed.map((f) => f.ref_name)).toContain('50 items from flats.csv');

    await page.getByRole('link', { name: 'Find them in the inventory' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(`Flat ${TAG}`);
    await expect.poll(() => page.getByTestId('item-count').innerText(), SLOW).toBe('50 items');
  });

  it('prints labels for three chosen items on Avery L7160: each decodes to its item’s label', async () => {
    const { page } = desktop;
    await page.getByRole('button', { name: 'Import, export, labels' }).click();
    await page.getByRole('menuitem', { name: /^Print labels for chosen items/ }).click();
    for (const n of ['01', '02', '03'])
      await page.getByRole('checkbox', { name: `Select Flat ${TAG} ${n}` }).check();
    expect(await page.getByTestId('selected-count').innerText()).toBe('3 items chosen');
    await page.getByRole('button', { name: 'Print labels', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Print labels' });
    await choose(page, 'Labels', findPreset('avery-l7160')!.name);
    await expect
      .poll(() => dialog.getByTestId('preset-facts').innerText(), SLOW)
      .toMatch(new RegExp(`^${labelsPerPage(findPreset('avery-l7160')!)} per page`));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Print labels' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('labels-avery-l7160.pdf');
    const pdf = fs.readFileSync((await download.path())!);

    const labels = await server.app.db
      .selectFrom('labels')
      .innerJoin('items', 'items.id', 'labels.item_id')
      .select(['labels.id', 'items.name'])
      .where(
        'items.name',
        'in',
        ['01', '02', '03'].map((n) => `Flat ${TAG} ${n}`),
      )
      .execute();
    // Each got a fresh label as it was printed.
    expect(labels).toHaveLength(3);
    // Label by label, as a phone reads them: the three positions in name order.
    const decoded = await decodeLabelByLabel(pdf, labelRects(findPreset('avery-l7160')!, 3));
    const byName = labels.sort((a, b) => a.name!.localeCompare(b.name!));
    expect(decoded).toEqual(byName.map((l) => [scanLink(server.origin, l.id)]));
  });
});

describe('manifest page printing', () => {
  it('prints the labels of a manifest’s items and links its packing sheet', async () => {
    const { page } = desktop;
    const manifest = await buildManifest(server.app, { name: `Show ${TAG}` });
    for (const name of ['Alpha', 'Beta'])
      await buildItem(server.app, { name: `${name} ${TAG}`, manifest_id: manifest.id });
    await page.goto(`${server.origin}/manifests/${manifest.id}`);

    const sheet = page.getByRole('link', { name: 'Packing sheet (PDF)' });
    const href = (await sheet.getAttribute('href'))!;
    const res = await page.request.get(new URL(href, server.origin).toString());
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    expect(await pdfText(await res.body())).toContain(`Show ${TAG}`);

    await page.getByRole('button', { name: 'Print labels', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Print labels' });
    await choose(page, 'Labels', findPreset('zebra-2x1')!.name);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Print labels' }).click(),
    ]);
    const pdf = fs.readFileSync((await download.path())!);
    const labels = await server.app.db
      .selectFrom('labels')
      .innerJoin('items', 'items.id', 'labels.item_id')
      .select(['labels.id', 'items.name'])
      .where('items.manifest_id', '=', manifest.id)
      .orderBy('items.name')
      .execute();
    expect(labels.map((l) => l.name)).toEqual([`Alpha ${TAG}`, `Beta ${TAG}`]);
    const decoded = await decodeLabelByLabel(pdf, labelRects(findPreset('zebra-2x1')!, 2));
    expect(decoded).toEqual(labels.map((l) => [scanLink(server.origin, l.id)]));
  });
});

async function itemCount(): Promise<number> {
  const row = await server.app.db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('name', 'like', `Flat ${TAG}%`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
