import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildItem } from '../factories/items.ts';
import { buildManifest } from '../factories/manifests.ts';
import { buildMember } from '../factories/members.ts';
import { useBrowserSuite } from '../helpers/e2e-suite.ts';

// The round trip's screens outside the scanner: the item and manifest form fields, the
// Contents section, dispatch and close on the manifest page, /out, "Needs attention".

const { server, desktop, signIn } = useBrowserSuite({ mobile: false });

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

async function readItem(page: Page, id: string) {
  const answer = await page.request.get(`${server.origin}/api/inventory/items/${id}`);
  return (await answer.json()) as { container_id: string | null; condition: string };
}

describe('round-trip fields in the forms', () => {
  it('puts an item in a crate (crates offered first, others found by typing) and marks it damaged', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    const crate = await buildItem(server.app, { name: 'Crate 0321', status: 'Crate' });
    const bag = await buildItem(server.app, { name: 'Tool bag' });
    const item = await buildItem(server.app, { name: 'Spot lamp' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/items/${item.id}`);
    await expect.poll(() => heading(page)).toBe('Spot lamp');

    await page.getByRole('button', { name: 'edit item' }).click();
    const form = dialog(page, 'Edit item');
    await form.getByRole('combobox', { name: /^Inside/ }).click();
    await expect
      .poll(() => page.getByRole('option', { name: 'Crate 0321' }).isVisible())
      .toBe(true);
    // A plain item is not listed up front, but typing finds it.
    expect(await page.getByRole('option', { name: 'Tool bag' }).count()).toBe(0);
    await form.getByRole('combobox', { name: /^Inside/ }).fill('Tool');
    await page.getByRole('option', { name: 'Tool bag' }).click();
    await form.getByRole('combobox', { name: /^Condition/ }).click();
    await page.getByRole('option', { name: 'Damaged' }).click();
    await form.getByLabel(/^Condition note/).fill('Cracked lens');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.count()).toBe(0);
    await expect.poll(async () => (await readItem(page, item.id)).container_id).toBe(bag.id);
    expect((await readItem(page, item.id)).condition).toBe('damaged');
    await expect.poll(() => page.getByTestId('container-trail').innerText()).toContain('Tool bag');
    expect(await page.getByTestId('item-where-now').innerText()).toContain('Cracked lens');

    // Into the crate instead: the chosen container is shown when the form opens again.
    await page.getByRole('button', { name: 'edit item' }).click();
    await expect
      .poll(() => form.getByRole('combobox', { name: /^Inside/ }).inputValue())
      .toBe('Tool bag');
    await form.getByRole('combobox', { name: /^Inside/ }).click();
    await page.getByRole('option', { name: 'Crate 0321' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await readItem(page, item.id)).container_id).toBe(crate.id);
  });

  it('edits the out and due dates of a manifest; due before out is refused in the form', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    const manifest = await buildManifest(server.app, { name: 'Summer show' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/manifests/${manifest.id}`);
    await expect.poll(() => heading(page)).toBe('Summer show');
    await page.getByRole('button', { name: /edit manifest/i }).click();
    const form = dialog(page, 'Edit manifest');
    await form.getByLabel(/^Out date/).fill('2026-07-10');
    await form.getByLabel(/^Due back/).fill('2026-07-01');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => form.getByText('The due date cannot be before the out date.').isVisible())
      .toBe(true);
    await form.getByLabel(/^Due back/).fill('2026-07-20');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.count()).toBe(0);
    const saved = await page.request.get(`${server.origin}/api/inventory/manifests/${manifest.id}`);
    expect(await saved.json()).toMatchObject({ out_date: '2026-07-10', due_date: '2026-07-20' });
  });
});
