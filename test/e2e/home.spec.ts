import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildClient } from '../factories/clients.ts';
import { buildItem } from '../factories/items.ts';
import { buildMember } from '../factories/members.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { useBrowserSuite } from '../helpers/e2e-suite.ts';

const { server, desktop, mobile, signIn } = useBrowserSuite();

const rows = (page: Page) => page.getByTestId('item-row');
/** The names shown in the list, in order (the first line of each row). */
const rowNames = (page: Page) =>
  rows(page).evaluateAll((els) => els.map((el) => el.querySelector('p')?.textContent ?? ''));

describe('staff home', () => {
  it('creates an item from the form, then finds it by searching on the server', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    await buildItem(server.app, { name: 'Unrelated widget', status: 'Bin' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/`);
    // The search runs on the server: every query is a request carrying q.
    const queries: string[] = [];
    page.on('request', (r) => {
      const q = new URL(r.url()).searchParams.get('q');
      if (r.url().includes('/api/inventory/items?') && q) queries.push(q);
    });

    await page.getByRole('button', { name: 'Create An Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create An Item' });
    await dialog.getByLabel(/^Name/).fill('Zebra crate 12');
    await dialog.getByLabel(/^Note/).fill('Holds the zebra stripes');
    await dialog.getByRole('combobox', { name: /^Type/ }).click();
    await page.getByRole('option', { name: /Crate/ }).click();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();

    await page.waitForURL(/\/items\/[A-Za-z0-9_-]+$/);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Zebra crate 12');

    await page.getByRole('link', { name: 'Back to inventory' }).click();
    await page.waitForURL(`${server.origin}/`);
    await page.getByRole('searchbox', { name: 'Search' }).fill('zebra');
    await expect.poll(() => rowNames(page)).toEqual(['Zebra crate 12']);

    expect(queries).toContain('zebra');
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await expect.poll(async () => (await rowNames(page)).length).toBeGreaterThanOrEqual(2);
  });

  it('filters by type from the filter menu', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    await buildItem(server.app, { name: 'Filter pallet', status: 'Pallet' });
    await buildItem(server.app, { name: 'Filter fabric', status: 'Fabric' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/`);
    await page.getByRole('searchbox', { name: 'Search' }).fill('filter');
    await expect.poll(() => rowNames(page)).toHaveLength(2);

    await page.getByRole('button', { name: /^Filter/ }).click();
    // Both status groups are offered (the menu opens after the click: wait for it).
    for (const group of ['Package', 'Item']) {
      await expect.poll(() => page.getByRole('group', { name: group }).count()).toBe(1);
    }
    for (const type of [
      'Pallet',
      'Crate',
      'Rack',
      'Fabric',
      'Panel',
      'Piece',
      'FF&E',
      'Tools',
      'Bin',
    ]) {
      expect(await page.getByRole('radio', { name: new RegExp(`${type}$`) }).count()).toBe(1);
    }
    await page.getByRole('radio', { name: /Pallet$/ }).check();
    await expect.poll(() => rowNames(page)).toEqual(['Filter pallet']);
    await page.getByRole('radio', { name: /Fabric$/ }).check();
    await expect.poll(() => rowNames(page)).toEqual(['Filter fabric']);
    await page.getByRole('radio', { name: 'All types' }).check();
    await expect.poll(() => rowNames(page)).toHaveLength(2);
  });

  it('shows the activity sidebar with readable entries, and passes axe', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    await signIn(page, staff);
    // Through the API as this member, so the entry carries their email.
    const res = await page.request.post(`${server.origin}/api/inventory/items`, {
      data: { name: 'Sidebar crate' },
    });
    expect(res.status()).toBe(201);
    await page.goto(`${server.origin}/`);
    const sidebar = page.getByRole('complementary', { name: 'Activity' });
    await expect
      .poll(() => sidebar.getByTestId('activity-entry').first().innerText())
      .toContain(`${staff.email} created item Sidebar crate`);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('names anonymous activity Anonymous and loads older pages near the bottom', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    // 60 entries by nobody: pages 1 to 3 of 25.
    for (let i = 0; i < 60; i++) await buildItem(server.app, { name: `Feed item ${i}` });
    await signIn(page, staff);
    await page.goto(`${server.origin}/`);
    const sidebar = page.getByRole('complementary', { name: 'Activity' });
    await expect
      .poll(() => sidebar.getByTestId('activity-entry').first().innerText())
      .toContain('Anonymous created item');
    const pages: number[] = [];
    page.on('request', (r) => {
      const m = /\/api\/activity\/(\d+)$/.exec(r.url());
      if (m) pages.push(Number(m[1]));
    });
    const count = () => sidebar.getByTestId('activity-entry').count();
    const scrollDown = () =>
      sidebar
        .locator('.mantine-ScrollArea-viewport')
        .evaluate((el) => el.scrollTo(0, el.scrollHeight));
    for (let i = 0; i < 6; i++) {
      await scrollDown();
      await page.waitForTimeout(250);
    }
    await expect.poll(count).toBeGreaterThanOrEqual(60);
    // It stopped after the first empty page.
    await page.waitForTimeout(500);
    const last = Math.max(...pages);
    expect(pages.filter((p) => p === last)).toHaveLength(1);
  });

  it('pages a long inventory from the server instead of rendering every row', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    const long = 'x'.repeat(150);
    for (let i = 0; i < 70; i++)
      await buildItem(server.app, { name: `Bulk ${String(i).padStart(3, '0')}`, note: long });
    await signIn(page, staff);
    const listCalls: URL[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/inventory/items') listCalls.push(url);
    });
    await page.goto(`${server.origin}/`);
    await page.getByRole('searchbox', { name: 'Search' }).fill('bulk');
    await expect.poll(() => page.getByTestId('item-count').innerText()).toBe('70 items');
    // One page of 50 rows; the next comes only when the reader nears the end.
    await expect.poll(() => rows(page).count()).toBe(50);
    // The note preview: 100 characters and an ellipsis.
    expect(await rows(page).first().innerText()).toContain(`${'x'.repeat(100)}…`);
    expect(await rows(page).first().innerText()).not.toContain('x'.repeat(101));
    await page.mouse.wheel(0, 20000);
    await expect.poll(() => rows(page).count()).toBe(70);
    // The next page continues from the first one's cursor, never by offset.
    const next = listCalls.filter((u) => u.searchParams.get('q') === 'bulk').at(-1)!;
    expect(next.searchParams.get('cursor')).toBeTruthy();
    expect(listCalls.every((u) => !u.searchParams.has('offset'))).toBe(true);
  });

  it('falls back to the id for an item without a name, and links rows to the item', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    const unnamed = await buildItem(server.app, { name: null, note: 'nameless one' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/`);
    await page.getByRole('searchbox', { name: 'Search' }).fill('nameless');
    await expect.poll(() => rowNames(page)).toEqual([unnamed.id]);
    expect(await rows(page).first().getAttribute('href')).toBe(`/items/${unnamed.id}`);
  });
});

describe('staff home on a phone (375x667)', () => {
  it('swaps the list for the activity feed with the Activity toggle, and passes axe', async () => {
    const { page } = mobile;
    const staff = await buildMember(server.app, { role: 'staff' });
    await signIn(page, staff);
    await page.request.post(`${server.origin}/api/inventory/items`, {
      data: { name: 'Phone crate' },
    });
    await page.goto(`${server.origin}/`);
    await expect
      .poll(() => page.getByRole('button', { name: 'Create An Item' }).isVisible())
      .toBe(true);
    expect(await page.getByRole('complementary', { name: 'Activity' }).count()).toBe(0);
    const toggle = page.getByRole('button', { name: 'Activity' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await expect
      .poll(() => page.getByTestId('activity-entry').first().innerText())
      .toContain(`${staff.email} created item Phone crate`);
    expect(await page.getByRole('searchbox', { name: 'Search' }).count()).toBe(0);
    await expect.poll(() => seriousAxeViolations(page)).toEqual([]);
    await toggle.click();
    await expect.poll(() => page.getByRole('searchbox', { name: 'Search' }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
});

describe('client-user home', () => {
  it("lists only the client's items with search, and no create, filter or activity", async () => {
    const { page } = desktop;
    const client = await buildClient(server.app, { name: 'Acme Events' });
    const other = await buildClient(server.app, { name: 'Other Co' });
    await buildItem(server.app, { name: 'Acme stage deck', client_id: client.id });
    await buildItem(server.app, { name: 'Acme truss', client_id: client.id });
    await buildItem(server.app, { name: 'Other stage deck', client_id: other.id });
    const member = await buildMember(server.app, { role: 'client', client_id: client.id });
    await signIn(page, member);
    await page.goto(`${server.origin}/`);
    await expect
      .poll(async () => (await rowNames(page)).sort())
      .toEqual(['Acme stage deck', 'Acme truss']);
    await page.getByRole('searchbox', { name: 'Search' }).fill('stage');
    await expect.poll(() => rowNames(page)).toEqual(['Acme stage deck']);
    expect(await page.getByRole('button', { name: 'Create An Item' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Filter/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Activity' }).count()).toBe(0);
    expect(await page.getByRole('complementary', { name: 'Activity' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
