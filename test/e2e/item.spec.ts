import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatLabelCode } from '../../src/common/label-code.ts';
import { buildClient } from '../factories/clients.ts';
import { buildComponent } from '../factories/components.ts';
import { buildImage } from '../factories/images.ts';
import { buildItem } from '../factories/items.ts';
import { buildLabel } from '../factories/labels.ts';
import { buildLocation } from '../factories/locations.ts';
import { buildMember } from '../factories/members.ts';
import { pngImage } from '../fixtures/images.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { openBrowser } from '../helpers/browser.ts';
import { useBrowserSuite } from '../helpers/e2e-suite.ts';

const { server, desktop, mobile, signIn } = useBrowserSuite();

/** The details table as {row: value}. */
async function details(page: Page): Promise<Record<string, string>> {
  const table = page.getByTestId('item-details');
  await table.waitFor();
  return table.evaluate((el) =>
    Object.fromEntries(
      [...el.querySelectorAll('tr')].map((tr) => [
        tr.querySelector('th')?.textContent ?? '',
        tr.querySelector('td')?.textContent ?? '',
      ]),
    ),
  );
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();
const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

/** A fully described item with a label a staff member scanned. */
async function describedItem() {
  const client = await buildClient(server.app, { name: 'Acme Events' });
  const location = await buildLocation(server.app, { name: 'Yard B' });
  const component = await buildComponent(server.app, { name: 'Deck panel' });
  const item = await buildItem(server.app, {
    name: 'Crate 12',
    note: '  Fragile: top side up.  ',
    status: 'Crate',
    client_id: client.id,
    location_id: location.id,
    component_id: component.id,
  });
  const label = await buildLabel(server.app, { item_id: item.id });
  const scanner = await buildMember(server.app, { role: 'staff' });
  const session = await desktop.context.request.post(`${server.origin}/api/login`, {
    data: { username: scanner.email, password: scanner.password },
  });
  expect(session.status()).toBe(200);
  const scan = await desktop.context.request.post(
    `${server.origin}/api/inventory/scan/${label.id}`,
  );
  expect(scan.status()).toBe(200);
  await desktop.context.clearCookies();
  return { item, label, client, scanner };
}

describe('item page for anonymous visitors', () => {
  it('shows the details, notes, images and labels, with Login to edit and no scanner email', async () => {
    const { page } = desktop;
    const { item, label, scanner } = await describedItem();
    await buildImage(server.app, item.id);
    await page.goto(`${server.origin}/items/${item.id}?from=scan`);
    await expect.poll(() => heading(page)).toBe('Crate 12');
    const rows = await details(page);
    expect(Object.keys(rows)).toEqual(['Type', 'Client', 'Location', 'Last Scan', 'Component']);
    expect(rows.Type).toContain('Crate');
    expect(rows.Client).toBe('Acme Events');
    expect(rows.Location).toBe('Yard B');
    expect(rows['Last Scan']).toBe('-');
    expect(rows.Component).toBe('Deck panel');
    expect(await page.content()).not.toContain(scanner.email);
    await expect.poll(() => page.getByRole('heading', { name: 'Notes' }).isVisible()).toBe(true);
    expect(await page.getByTestId('item-note').innerText()).toBe('Fragile: top side up.');
    await expect
      .poll(() => page.getByRole('button', { name: /Open image 1 of 1/ }).isVisible())
      .toBe(true);
    expect(await page.getByTestId('label-code').allInnerTexts()).toEqual([
      formatLabelCode(label.id),
    ]);

    const login = page.getByRole('link', { name: 'Login to edit' });
    expect(await login.getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent(`/items/${item.id}?from=scan`)}`,
    );
    expect(await page.getByRole('link', { name: 'Back to inventory' }).getAttribute('href')).toBe(
      '/',
    );
    for (const control of ['edit item', 'delete item', 'Add an image', 'Add a label']) {
      expect(await page.getByRole('button', { name: control }).count()).toBe(0);
    }
    expect(await page.getByRole('button', { name: /^Free label/ }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The slideshow is for everyone; Delete is not.
    await page.getByRole('button', { name: /Open image 1 of 1/ }).click();
    await expect.poll(() => page.getByTestId('slideshow-counter').innerText()).toBe('1 of 1');
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
  });

  it('shows Item, dashes, "...", No Images and No Labels for an empty item, also at 375x667', async () => {
    const { page } = mobile;
    const item = await buildItem(server.app, { name: null });
    await page.goto(`${server.origin}/items/${item.id}`);
    await expect.poll(() => heading(page)).toBe('Item');
    expect(Object.values(await details(page))).toEqual(['-', '-', '-', '-', '-']);
    expect(await page.getByTestId('item-note').innerText()).toBe('...');
    await expect.poll(() => page.getByText('No Images', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('No Labels', { exact: true }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('link', { name: 'Login to edit' }).isVisible())
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });

  it("draws the item in the server's HTML, which the app's own page then replaces", async () => {
    const item = await buildItem(server.app, { name: 'Crate 31', note: 'Two straps' });
    // A fresh browser: no service worker of an earlier test answers for the app's code.
    const fresh = await openBrowser({ viewport: { width: 390, height: 844 } });
    try {
      const { page } = fresh;
      // Before the app's code has arrived, the server's drawing is all there is.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto(`${server.origin}/items/${item.id}`);
      expect(await page.locator('h1').allInnerTexts()).toEqual(['Crate 31']);
      expect(await page.locator('h1').isVisible()).toBe(true);
      expect(await page.getByText('Two straps').isVisible()).toBe(true);

      await page.unroute('**/assets/*.js');
      await page.reload();
      await expect.poll(() => heading(page)).toBe('Crate 31');
      expect(await details(page)).toMatchObject({ Type: '-', Client: '-' });
      // One page on screen: the drawing went when the app drew its own.
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('#yardkeep-server-preview').count()).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('says so when there is no such item', async () => {
    const { page } = desktop;
    await page.goto(`${server.origin}/items/doesnotexist`);
    await expect
      .poll(() => page.getByRole('link', { name: 'Back to inventory' }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByText(/There is no item here/).isVisible()).toBe(true);
  });
});

describe('item page for a client user', () => {
  it('shows the same details with the last scanner, and no edit controls', async () => {
    const { page } = desktop;
    const { item, label, client, scanner } = await describedItem();
    const member = await buildMember(server.app, { role: 'client', client_id: client.id });
    await signIn(page, member);
    await page.goto(`${server.origin}/items/${item.id}`);
    await expect.poll(() => heading(page)).toBe('Crate 12');
    expect((await details(page))['Last Scan']).toBe(scanner.email);
    expect(await page.getByTestId('label-code').allInnerTexts()).toEqual([
      formatLabelCode(label.id),
    ]);
    for (const control of ['edit item', 'delete item', 'Add an image', 'Add a label']) {
      expect(await page.getByRole('button', { name: control }).count()).toBe(0);
    }
    expect(await page.getByRole('link', { name: 'Login to edit' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Free label/ }).count()).toBe(0);
    // Clicking the details does not edit for client users.
    await page.getByTestId('item-details').click();
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => seriousAxeViolations(page)).toEqual([]);
  });
});

describe('item page for staff', () => {
  it('uploads an image after a preview, shows it in the slideshow, and deletes it', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    const item = await buildItem(server.app, { name: 'Photo crate' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/items/${item.id}`);
    await expect.poll(() => page.getByText('No Images', { exact: true }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const input = page.locator('input[type="file"]');
    expect(await input.getAttribute('accept')).toBe('image/*');
    await input.setInputFiles({
      name: 'crate.png',
      mimeType: 'image/png',
      buffer: await pngImage(120, 80),
    });
    const ask = dialog(page, 'Upload this image?');
    await expect
      .poll(() => ask.getByRole('img', { name: 'Preview of crate.png' }).isVisible())
      .toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await ask.getByRole('button', { name: 'Upload' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Open image 1 of 1' }).isVisible())
      .toBe(true);
    // The "Uploading file..." message is gone once it is done.
    await expect.poll(() => page.getByText('Uploading file...').count()).toBe(0);

    await page.getByRole('button', { name: 'Open image 1 of 1' }).click();
    const counter = page.getByTestId('slideshow-counter');
    await expect.poll(() => counter.innerText()).toBe('1 of 1');
    await page.getByRole('button', { name: 'Next image' }).click();
    await expect.poll(() => counter.innerText()).toBe('1 of 1');
    // Escape dismisses the question only; the slideshow stays.
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const sure = dialog(page, 'Are you sure?');
    await expect.poll(() => sure.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => sure.count()).toBe(0);
    await expect.poll(() => counter.innerText()).toBe('1 of 1');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect
      .poll(() => sure.innerText())
      .toContain('Deleting this image means no one can see it here anymore.');
    await sure.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByText('No Images', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId('slideshow-counter').count()).toBe(0);
  });

  it('wraps around in the slideshow and closes it', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    const item = await buildItem(server.app, { name: 'Two photos' });
    await buildImage(server.app, item.id, { updated_at: '2024-01-01T00:00:00.000Z' });
    await buildImage(server.app, item.id, { updated_at: '2024-02-01T00:00:00.000Z' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/items/${item.id}`);
    await page.getByRole('button', { name: 'Open image 2 of 2' }).click();
    const counter = page.getByTestId('slideshow-counter');
    await expect.poll(() => counter.innerText()).toBe('2 of 2');
    await page.getByRole('button', { name: 'Next image' }).click();
    expect(await counter.innerText()).toBe('1 of 2');
    await page.getByRole('button', { name: 'Previous image' }).click();
    expect(await counter.innerText()).toBe('2 of 2');
    await page.keyboard.press('ArrowRight');
    expect(await counter.innerText()).toBe('1 of 2');
    await expect.poll(() => seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Close slideshow' }).click();
    await expect.poll(() => counter.count()).toBe(0);
  });

  it('refuses files over 20 MB with a "got it" dialog, and files that are not images', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    const item = await buildItem(server.app, { name: 'Big file' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/items/${item.id}`);
    const input = page.locator('input[type="file"]');
    // One byte over 20 MB, made in the page: sending 20 MB through the driver is slow.
    await input.evaluate((el: HTMLInputElement) => {
      const files = new DataTransfer();
      files.items.add(
        new File([new Uint8Array(20 * 1048576 + 1)], 'huge.png', { type: 'image/png' }),
      );
      el.files = files.files;
      el.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const tooLarge = dialog(page, 'File is too large');
    await expect.poll(() => tooLarge.isVisible()).toBe(true);
    await expect.poll(() => tooLarge.getByRole('button').allInnerTexts()).toEqual(['got it']);
    await tooLarge.getByRole('button', { name: 'got it' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await input.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect.poll(() => dialog(page, 'Not an image').isVisible()).toBe(true);
    await dialog(page, 'Not an image').getByRole('button', { name: 'Ok' }).click();
    await expect.poll(() => page.getByText('No Images', { exact: true }).isVisible()).toBe(true);
  });

  it('attaches labels by code, tells when it is already here, asks before taking one, and frees one', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    const item = await buildItem(server.app, { name: 'Label crate' });
    const elsewhere = await buildItem(server.app, { name: 'Other crate' });
    const free = await buildLabel(server.app);
    const taken = await buildLabel(server.app, { item_id: elsewhere.id });
    await signIn(page, staff);
    await page.goto(`${server.origin}/items/${item.id}`);
    await expect.poll(() => page.getByText('No Labels', { exact: true }).isVisible()).toBe(true);

    const addLabel = async (text: string) => {
      await page.getByRole('button', { name: 'Add a label' }).click();
      const form = dialog(page, 'Add a label');
      await form.getByLabel(/^Label code/).fill(text);
      await page.keyboard.press('Enter');
    };

    // Required, then a malformed code: both stay in the form.
    await page.getByRole('button', { name: 'Add a label' }).click();
    await dialog(page, 'Add a label').getByRole('button', { name: 'Add label' }).click();
    await expect
      .poll(() => dialog(page, 'Add a label').innerText())
      .toContain('Label code is required');
    await dialog(page, 'Add a label')
      .getByLabel(/^Label code/)
      .fill('nope');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dialog(page, 'Add a label').innerText())
      .toContain('That is not a label code or scan link');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    // A free label, typed in lower case with dashes.
    await addLabel(formatLabelCode(free.id).toLowerCase());
    await expect
      .poll(() => page.getByTestId('label-code').allInnerTexts())
      .toEqual([formatLabelCode(free.id)]);

    // The same one again, as a scan link.
    await addLabel(`${server.origin}/scan/${free.id}`);
    const already = dialog(page, 'Label is already assigned to this item');
    await expect.poll(() => already.isVisible()).toBe(true);
    await already.getByRole('button', { name: 'Ok' }).click();

    // One on another item: asked, then taken.
    await addLabel(taken.id);
    const sure = dialog(page, 'Are you sure?');
    await expect
      .poll(() => sure.innerText())
      .toContain('The label is assigned to another item, do you still want to assign it');
    await sure.getByRole('button', { name: 'Assign' }).click();
    await expect
      .poll(async () => (await page.getByTestId('label-code').allInnerTexts()).sort())
      .toEqual([formatLabelCode(free.id), formatLabelCode(taken.id)].sort());

    // Freeing one.
    await page.getByRole('button', { name: `Free label ${formatLabelCode(free.id)}` }).click();
    await expect
      .poll(() => sure.innerText())
      .toContain('You can reassign this label later if you really need to.');
    await sure.getByRole('button', { name: 'Free label' }).click();
    await expect
      .poll(() => page.getByTestId('label-code').allInnerTexts())
      .toEqual([formatLabelCode(taken.id)]);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('edits the item, creating a client inline, and deletes it, back to home', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    const item = await buildItem(server.app, { name: 'Edit me', note: 'old note' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/items/${item.id}`);
    await page.getByRole('button', { name: 'edit item' }).click();
    const form = dialog(page, 'Edit item');
    await expect.poll(() => form.getByLabel(/^Name/).inputValue()).toBe('Edit me');
    await form.getByLabel(/^Name/).fill('Edited crate');
    await form.getByRole('button', { name: 'Create a client' }).click();
    const small = dialog(page, 'Create a client');
    await small.getByLabel(/^Name/).fill('Inline Client Ltd');
    await small.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => small.count()).toBe(0);
    expect(await form.getByRole('combobox', { name: /^Client/ }).inputValue()).toBe(
      'Inline Client Ltd',
    );
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => heading(page)).toBe('Edited crate');
    expect((await details(page)).Client).toBe('Inline Client Ltd');

    await page.getByRole('button', { name: 'delete item' }).click();
    const sure = dialog(page, 'Are you sure?');
    await expect
      .poll(() => sure.innerText())
      .toContain('Deleting an item you need later could be very sad indeed.');
    await sure.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(`${server.origin}/`);
    const gone = await page.request.get(`${server.origin}/api/inventory/items/${item.id}`);
    expect(gone.status()).toBe(404);
  });
});
