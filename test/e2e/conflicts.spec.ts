import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildItem } from '../factories/items.ts';
import { buildManifest } from '../factories/manifests.ts';
import { buildMember } from '../factories/members.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { injectAs, loginAs, type Session } from '../helpers/app.ts';
import { useBrowserSuite } from '../helpers/e2e-suite.ts';
import type { Item } from '../../src/common/schemas/item.ts';

// A stale edit form never undoes someone else's change: it sends only what its user
// changed, with the version it was opened at, and asks when the item moved on meanwhile.

const { server, desktop, signIn } = useBrowserSuite({ mobile: false });

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

/** Someone else, on another device, through the API. */
async function elsewhere(): Promise<Session> {
  return loginAs(server.app, 'staff');
}

const itemNow = async (id: string) =>
  (
    await injectAs(server.app, await elsewhere(), {
      method: 'GET',
      url: `/api/inventory/items/${id}`,
    })
  ).json() as Item;

async function editFormOpen(itemId: string) {
  const { page } = desktop;
  await signIn(page, await buildMember(server.app, { role: 'staff' }));
  await page.goto(`${server.origin}/items/${itemId}`);
  await page.getByRole('button', { name: 'edit item' }).click();
  const form = dialog(page, 'Edit item');
  await expect.poll(() => form.getByLabel(/^Note/).isVisible()).toBe(true);
  return { page, form };
}

async function conflictRows(page: Page) {
  const table = dialog(page, 'Changed while you were editing').getByTestId('conflict-table');
  await table.waitFor();
  return table.evaluate((el) =>
    [...el.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('th, td')].map((c) => c.textContent),
    ),
  );
}

describe('editing an item someone else changed meanwhile', () => {
  it('packing allocated it: "Apply mine" saves the note and keeps the allocation', async () => {
    const manifest = await buildManifest(server.app, { name: 'Festival' });
    const item = await buildItem(server.app, { name: 'Truss', note: 'as loaded' });
    const { page, form } = await editFormOpen(item.id);

    // Packing mode on another phone puts the item on the manifest.
    const packed = await injectAs(server.app, await elsewhere(), {
      method: 'POST',
      url: '/api/inventory/allocate',
      payload: { id: item.id, manifest_id: manifest.id },
    });
    expect(packed.statusCode).toBe(200);

    await form.getByLabel(/^Note/).fill('checked the bolts');
    await form.getByRole('button', { name: 'Save' }).click();
    expect(await conflictRows(page)).toEqual([
      ['Note', 'as loaded', 'checked the bolts'],
      ['Manifest', 'Festival', '(not changed by you)'],
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Nothing was saved before the user chose.
    expect(await itemNow(item.id)).toMatchObject({ note: 'as loaded', manifest_id: manifest.id });

    await dialog(page, 'Changed while you were editing')
      .getByRole('button', { name: 'Apply mine' })
      .click();
    await expect.poll(() => page.getByTestId('item-note').innerText()).toBe('checked the bolts');
    expect(await itemNow(item.id)).toMatchObject({
      note: 'checked the bolts',
      manifest_id: manifest.id,
      version: 3,
    });
  });

  it('renamed it: "Keep theirs" drops my edit and shows theirs', async () => {
    const item = await buildItem(server.app, { name: 'Crate 1', note: 'n' });
    const { page, form } = await editFormOpen(item.id);

    const renamed = await injectAs(server.app, await elsewhere(), {
      method: 'PUT',
      url: `/api/inventory/items/${item.id}`,
      payload: { name: 'Crate one (theirs)' },
    });
    expect(renamed.statusCode).toBe(200);

    await form.getByLabel(/^Name/).fill('Crate uno (mine)');
    await form.getByRole('button', { name: 'Save' }).click();
    expect(await conflictRows(page)).toEqual([['Name', 'Crate one (theirs)', 'Crate uno (mine)']]);
    await dialog(page, 'Changed while you were editing')
      .getByRole('button', { name: 'Keep theirs' })
      .click();
    await expect.poll(() => heading(page)).toBe('Crate one (theirs)');
    expect(await itemNow(item.id)).toMatchObject({ name: 'Crate one (theirs)', version: 2 });
  });

  it('a save with nothing changed by the user sends nothing', async () => {
    const manifest = await buildManifest(server.app);
    const item = await buildItem(server.app, { name: 'Pallet 4' });
    const { page, form } = await editFormOpen(item.id);
    await injectAs(server.app, await elsewhere(), {
      method: 'POST',
      url: '/api/inventory/allocate',
      payload: { id: item.id, manifest_id: manifest.id },
    });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.count()).toBe(0);
    expect(await dialog(page, 'Changed while you were editing').count()).toBe(0);
    expect(await itemNow(item.id)).toMatchObject({ manifest_id: manifest.id, version: 2 });
  });
});
