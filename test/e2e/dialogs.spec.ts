import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildItem } from '../factories/items.ts';
import { buildMember } from '../factories/members.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { useBrowserSuite } from '../helpers/e2e-suite.ts';

const { server, mobile: browser, signIn } = useBrowserSuite({ desktop: false });

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const dialogCount = (page: Page) => page.getByRole('dialog').count();

describe('form modals (at 375x667)', () => {
  it('close on Escape without saving, and submit on Enter', async () => {
    const { page } = browser;
    const staff = await buildMember(server.app, { role: 'staff' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/`);
    const creates: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/inventory/items')) creates.push(r.url());
    });

    await page.getByRole('button', { name: 'Create An Item' }).click();
    const form = dialog(page, 'Create An Item');
    await form.getByLabel(/^Name/).fill('Never saved');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialogCount(page)).toBe(0);
    expect(creates).toEqual([]);

    await page.getByRole('button', { name: 'Create An Item' }).click();
    await form.getByLabel(/^Name/).fill('Saved by Enter');
    await form.getByLabel(/^Name/).press('Enter');
    await page.waitForURL(/\/items\//);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Saved by Enter');
  });

  it('leave Escape in a nested create modal to that modal', async () => {
    const { page } = browser;
    const staff = await buildMember(server.app, { role: 'staff' });
    const item = await buildItem(server.app, { name: 'Nested' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/items/${item.id}`);
    await page.getByRole('button', { name: 'edit item' }).click();
    await dialog(page, 'Edit item').getByRole('button', { name: 'Create a location' }).click();
    const small = dialog(page, 'Create a location');
    await small.getByRole('button', { name: 'Create', exact: true }).click();
    // Required and empty: the message, and nothing created.
    await expect.poll(() => small.innerText()).toContain('Name is required');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => small.count()).toBe(0);
    await expect.poll(() => dialog(page, 'Edit item').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialogCount(page)).toBe(0);
  });

  it('list a failed submit under the form and stay open', async () => {
    const { page } = browser;
    const staff = await buildMember(server.app, { role: 'staff' });
    const item = await buildItem(server.app, { name: 'Vanishing' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/items/${item.id}`);
    await page.getByRole('button', { name: 'edit item' }).click();
    const form = dialog(page, 'Edit item');
    await form.getByLabel(/^Name/).fill('Too late');
    // Someone else deletes it meanwhile.
    expect(
      (await page.request.delete(`${server.origin}/api/inventory/items/${item.id}`)).status(),
    ).toBe(200);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.getByRole('alert').innerText()).toMatch(/not found/i);
    await expect.poll(() => form.isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('error dialog and notices', () => {
  it('shows "Uh oh!" with the stack text when a confirmed action fails', async () => {
    const { page } = browser;
    const staff = await buildMember(server.app, { role: 'staff' });
    const item = await buildItem(server.app, { name: 'Gone already' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/items/${item.id}`);
    await page.getByRole('button', { name: 'delete item' }).waitFor();
    expect(
      (await page.request.delete(`${server.origin}/api/inventory/items/${item.id}`)).status(),
    ).toBe(200);
    await page.getByRole('button', { name: 'delete item' }).click();
    await dialog(page, 'Are you sure?')
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    const error = dialog(page, 'Uh oh!');
    await expect.poll(() => error.isVisible()).toBe(true);
    expect(await error.innerText()).toContain('Something went wrong.');
    expect(await error.getByTestId('error-stack').innerText()).toMatch(/ApiError: .*not found/i);
    expect(await error.getByRole('button').allInnerTexts()).toEqual(['Ok']);
    await expect.poll(() => seriousAxeViolations(page)).toEqual([]);
    await error.getByRole('button', { name: 'Ok' }).click();
    await expect.poll(() => dialogCount(page)).toBe(0);
  });

  it('shows a notice after deleting an item that vanishes after 5 seconds', async () => {
    const { page } = browser;
    const staff = await buildMember(server.app, { role: 'staff' });
    const item = await buildItem(server.app, { name: 'Short lived' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/items/${item.id}`);
    await page.getByRole('button', { name: 'delete item' }).click();
    const sure = dialog(page, 'Are you sure?');
    // Not safe: focus starts on the no button.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Cancel');
    await sure.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(`${server.origin}/`);
    const notice = page.getByText('Short lived was deleted.');
    await expect.poll(() => notice.isVisible()).toBe(true);
    const shownAt = Date.now();
    await page.waitForTimeout(3500);
    await expect.poll(() => notice.isVisible()).toBe(true);
    await expect.poll(() => notice.count(), { timeout: 4000 }).toBe(0);
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4500);
  });
});
