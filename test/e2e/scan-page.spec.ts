import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildItem } from '../factories/items.ts';
import { buildLabel } from '../factories/labels.ts';
import { buildMember } from '../factories/members.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { openBrowser, startServer, type Browser, type RunningServer } from '../helpers/browser.ts';
import { openBrowserWithCamera } from '../helpers/camera.ts';
import { signIn } from '../helpers/e2e-suite.ts';
import { qrLabelPng } from '../helpers/qr.ts';
import { formatLabelCode } from '../../src/common/label-code.ts';
import { generateLabelCode } from '../../src/server/lib/label-codes.ts';
import { labelsRepo } from '../../src/server/modules/labels/labels.repo.ts';
import {
  MAX_ANONYMOUS_SCANS_PER_ADDRESS,
  TOO_MANY_SCANS,
} from '../../src/server/modules/labels/scan-limit.ts';

// This machine may be busy: page loads and camera starts get more than a second.
const SLOW = { timeout: 10_000 };
const SCAN = { timeout: 20_000 };

// /scan/{label_id}: attached labels open their item, unassigned ones offer staff create
// item or select item, everyone else is told there is no item.

const SORRY = 'Sorry, there is no item for this label.';
let server: RunningServer;
let browser: Browser | undefined;

beforeAll(async () => {
  server = await startServer();
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});
afterAll(async () => {
  await server?.close();
});

async function scansOf(code: string) {
  return server.app.db
    .selectFrom('activity')
    .select(['email', 'source_id'])
    .where('action', '=', 'SCAN')
    .where('source_id', '=', code)
    .orderBy('seq')
    .execute();
}

async function itemIdOfLabel(code: string) {
  return (await labelsRepo.find(server.app.db, code))?.item_id ?? null;
}

describe('scanning an unassigned label from the header', () => {
  it('staff: the scanner opens /scan/{id}, "Create item" makes an item with the label and opens it', async () => {
    const staff = await buildMember(server.app, { role: 'staff' });
    const code = generateLabelCode();
    browser = await openBrowserWithCamera(await qrLabelPng(`${server.origin}/scan/${code}`));
    const { page } = browser;
    await signIn(page, server.origin, staff);
    await page.goto(`${server.origin}/`);
    await page.getByRole('button', { name: 'Show QR code and scan' }).click();
    await page.getByRole('button', { name: 'Scan a label' }).click();
    await page.waitForURL(`${server.origin}/scan/${code}`, SCAN);

    await page.getByRole('button', { name: 'Create item' }).click();
    await page.waitForURL(/\/items\/[^/]+$/);
    const itemId = new URL(page.url()).pathname.split('/').pop()!;
    expect(await itemIdOfLabel(code)).toBe(itemId);
    expect(await scansOf(code)).toEqual([{ email: staff.email, source_id: code }]);
    // The scan page was replaced: back returns to where the scan started.
    await page.goBack();
    await page.waitForURL(`${server.origin}/`);
  });
});

describe('scan page', () => {
  it('an attached label opened in the app replaces the route with its item', async () => {
    const item = await buildItem(server.app, { name: 'Crate of cables' });
    const code = generateLabelCode();
    await buildLabel(server.app, { id: code, item_id: item.id });
    browser = await openBrowserWithCamera(await qrLabelPng(`${server.origin}/scan/${code}`));
    const { page } = browser;
    await page.goto(`${server.origin}/about`);
    await page.getByRole('button', { name: 'Show QR code and scan' }).click();
    await page.getByRole('button', { name: 'Scan a label' }).click();
    await page.waitForURL(`${server.origin}/items/${item.id}`, SCAN);
    await page.goBack();
    await page.waitForURL(`${server.origin}/about`);
    // Anonymous scans are recorded without an email.
    expect(await scansOf(code)).toEqual([{ email: null, source_id: code }]);
  });

  it('an attached label opened from outside (a phone camera app) lands on its item, scan recorded once', async () => {
    const item = await buildItem(server.app, { name: 'Rack 7' });
    const code = generateLabelCode();
    await buildLabel(server.app, { id: code, item_id: item.id });
    browser = await openBrowser();
    const { page } = browser;
    // Anonymous: the camera app opens the label's URL directly, no app loaded before.
    await page.goto(`${server.origin}/scan/${code.toLowerCase()}`);
    await page.waitForURL(`${server.origin}/items/${item.id}`);
    expect(await scansOf(code)).toEqual([{ email: null, source_id: code }]);

    const staff = await buildMember(server.app, { role: 'staff' });
    await signIn(page, server.origin, staff);
    await page.goto(`${server.origin}/scan/${code}`);
    await page.waitForURL(`${server.origin}/items/${item.id}`);
    const lastScan = page.getByRole('row', { name: /Last Scan/ });
    await expect.poll(() => lastScan.innerText(), SLOW).toContain(staff.email);
    expect(await scansOf(code)).toEqual([
      { email: null, source_id: code },
      { email: staff.email, source_id: code },
    ]);

    // Reloading the item page is no new scan.
    await page.reload();
    await expect.poll(() => lastScan.innerText(), SLOW).toContain(staff.email);
    expect(await scansOf(code)).toHaveLength(2);
    // The activity feed shows the scan.
    await page.goto(`${server.origin}/`);
    const entry = page.getByText(`scanned label ${formatLabelCode(code)} on item Rack 7`);
    await expect.poll(() => entry.count(), SLOW).toBe(2);
  });

  it('staff: "Select item" searches items, attaches the label and opens the item', async () => {
    const staff = await buildMember(server.app, { role: 'staff' });
    const wanted = await buildItem(server.app, { name: 'Fabric roll Zebulon' });
    await buildItem(server.app, { name: 'Panel Quixote' });
    const code = generateLabelCode();
    browser = await openBrowser({ viewport: { width: 375, height: 667 } });
    const { page } = browser;
    await signIn(page, server.origin, staff);
    await page.goto(`${server.origin}/scan/${code}`);
    await expect
      .poll(() => page.getByRole('button', { name: 'Select item' }).isVisible(), SLOW)
      .toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
      `Label ${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Select item' }).click();
    await page.getByRole('button', { name: 'Attach label' }).click();
    await expect
      .poll(() => page.getByRole('alert').innerText(), SLOW)
      .toContain('Item is required');

    await page.getByRole('combobox', { name: /^Item/ }).fill('zebul');
    const option = page.getByRole('option', { name: 'Fabric roll Zebulon' });
    await expect.poll(() => option.isVisible(), SLOW).toBe(true);
    // The list shows every item until the search answers, then only the match.
    await expect
      .poll(() => page.getByRole('option', { name: 'Panel Quixote' }).count(), SLOW)
      .toBe(0);
    await option.click();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Attach label' }).click();
    await page.waitForURL(`${server.origin}/items/${wanted.id}`);
    expect(await itemIdOfLabel(code)).toBe(wanted.id);
  });

  it('anonymous visitors and client users see "Sorry, there is no item for this label."', async () => {
    const code = generateLabelCode();
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(`${server.origin}/scan/${code}`);
    await expect.poll(() => page.getByText(SORRY).isVisible(), SLOW).toBe(true);
    expect(await page.getByRole('button', { name: 'Create item' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await signIn(page, server.origin, await buildMember(server.app, { role: 'client' }));
    await page.goto(`${server.origin}/scan/${code}`);
    await expect.poll(() => page.getByText(SORRY).isVisible(), SLOW).toBe(true);
    expect(await page.getByRole('button', { name: 'Select item' }).count()).toBe(0);
    expect(await itemIdOfLabel(code)).toBeNull();
  });

  it('an anonymous visitor past the scan limit is told so, not that the label has no item', async () => {
    const item = await buildItem(server.app, { name: 'Limited crate' });
    const label = await buildLabel(server.app, { item_id: item.id });
    // This address has used up its anonymous scans (labels/scan-limit.ts).
    const used = {
      count: MAX_ANONYMOUS_SCANS_PER_ADDRESS,
      window_ends_at: new Date(Date.now() + 60_000).toISOString(),
    };
    await server.app.db
      .insertInto('rate_limits')
      .values({ key: 'scan:address:127.0.0.1', ...used })
      .onConflict((oc) => oc.column('key').doUpdateSet(used))
      .execute();
    browser = await openBrowser();
    const { page } = browser;
    // The camera app's way still opens the item (recording nothing)...
    await page.goto(`${server.origin}/scan/${label.id}`);
    await page.waitForURL(`${server.origin}/items/${item.id}`, SLOW);
    // ...and the app's scan page says why it cannot look the label up.
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/scan/${label.id}`);
    await expect.poll(() => page.getByText(TOO_MANY_SCANS).isVisible(), SLOW).toBe(true);
    expect(await page.getByText(SORRY).count()).toBe(0);
    expect(await scansOf(label.id)).toEqual([]);
    await server.app.db.deleteFrom('rate_limits').execute();
  });

  it('a failed lookup behaves as no item; a malformed code is no label at all', async () => {
    const staff = await buildMember(server.app, { role: 'staff' });
    browser = await openBrowser();
    const { page } = browser;
    await signIn(page, server.origin, staff);
    // The server fails this one request (no connection at all is another case: offline.spec.ts).
    await page.route('**/api/inventory/scan/**', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Boom.' } } }),
    );
    await page.goto(`${server.origin}/scan/${generateLabelCode()}`);
    await expect
      .poll(() => page.getByRole('button', { name: 'Create item' }).isVisible(), SLOW)
      .toBe(true);
    await page.unroute('**/api/inventory/scan/**');

    await page.goto(`${server.origin}/scan/not-a-label`);
    await expect.poll(() => page.getByText(SORRY).isVisible(), SLOW).toBe(true);
    expect(await page.getByRole('button', { name: 'Create item' }).count()).toBe(0);
  });
});
