import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { buildClient } from '../factories/clients.ts';
import { buildComponent } from '../factories/components.ts';
import { buildItem } from '../factories/items.ts';
import { buildManifest, buildRequirement } from '../factories/manifests.ts';
import { buildMember } from '../factories/members.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { useBrowserSuite } from '../helpers/e2e-suite.ts';

// Manifests list and page through the real server and browser.

const { server, desktop, mobile, signIn } = useBrowserSuite();

/** The requirements table as [component, required, packed, missing or over] rows. */
async function requirementRows(page: Page): Promise<string[][]> {
  const table = page.getByTestId('requirements-table');
  if ((await table.count()) === 0) return [];
  return table.locator('tbody tr[data-component]').evaluateAll((rows) =>
    rows.map((row) =>
      Array.from(row.querySelectorAll('td'))
        .slice(0, 4)
        .map((td) => td.textContent?.trim() ?? ''),
    ),
  );
}

async function addRequirement(page: Page, component: string, count: string) {
  const form = page.getByRole('form', { name: 'Add a requirement' });
  await form.getByRole('combobox', { name: /^Component type/ }).click();
  await page.getByRole('option', { name: component, exact: true }).click();
  await form.getByRole('textbox', { name: /^Count/ }).fill(count);
  await form.getByRole('button', { name: 'Add' }).click();
}

async function confirmDialog(page: Page, yes: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: /Are you sure\?|Take this item off\?/ });
  await dialog.getByRole('button', { name: yes }).click();
  return dialog;
}

describe('manifests as staff', () => {
  it('creates a manifest (name required), adds, edits and removes requirements inline', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    await buildComponent(server.app, { name: 'Leg' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/manifests`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Manifests');

    await page.getByRole('button', { name: 'Create a Manifest' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a Manifest' });
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => dialog.getByText('Name is required').isVisible()).toBe(true);
    await dialog.getByLabel(/^Name/).fill('Stage left');
    await dialog.getByLabel(/^Note/).fill('Truck 2, Friday');
    await dialog.getByRole('combobox', { name: /^Type/ }).click();
    await page.getByRole('option', { name: /Pallet/ }).click();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();

    await page.waitForURL(/\/manifests\/[A-Za-z0-9_-]+$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Stage left');
    expect(await page.getByTestId('manifest-details').innerText()).toContain('Pallet');
    expect(await page.getByTestId('manifest-note').innerText()).toBe('Truck 2, Friday');
    await expect.poll(() => page.getByText('No requirements yet').isVisible()).toBe(true);

    // Both fields required: nothing chosen and the count cleared.
    const form = page.getByRole('form', { name: 'Add a requirement' });
    await expect.poll(() => form.getByRole('textbox', { name: /^Count/ }).inputValue()).toBe('1');
    await form.getByRole('textbox', { name: /^Count/ }).fill('');
    await form.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => form.getByText('Component type is required').isVisible()).toBe(true);
    await expect.poll(() => form.getByText('Count is required').isVisible()).toBe(true);
    // Below the minimum is raised to 1 when the field is left.
    await form.getByRole('textbox', { name: /^Count/ }).fill('0');
    await form.getByRole('textbox', { name: /^Count/ }).press('Tab');
    expect(await form.getByRole('textbox', { name: /^Count/ }).inputValue()).toBe('1');

    // Create a component inline: it is created and selected.
    await form.getByRole('button', { name: 'Create a component' }).click();
    const create = page.getByRole('dialog', { name: 'Create a component' });
    await create.getByLabel(/^Name/).fill('Panel');
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await expect
      .poll(() => form.getByRole('combobox', { name: /^Component type/ }).inputValue())
      .toBe('Panel');
    await form.getByRole('textbox', { name: /^Count/ }).fill('3');
    await form.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => requirementRows(page)).toEqual([['Panel', '3', '0', '3 missing']]);
    // The form is ready for the next one, count back to 1.
    expect(await form.getByRole('textbox', { name: /^Count/ }).inputValue()).toBe('1');

    await addRequirement(page, 'Leg', '2');
    await expect
      .poll(() => requirementRows(page))
      .toEqual([
        ['Leg', '2', '0', '2 missing'],
        ['Panel', '3', '0', '3 missing'],
      ]);
    await expect
      .poll(() => page.getByTestId('requirements-summary').innerText())
      .toBe('0 of 5 packed, 5 missing');

    // Edit a count in place.
    await page.getByRole('button', { name: 'Actions for Leg' }).click();
    await page.getByRole('menuitem', { name: 'Edit count' }).click();
    const edit = page.getByRole('form', { name: 'Edit the count of Leg' });
    await edit.getByRole('textbox', { name: /^Count of Leg/ }).fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => edit.getByText('Count is required').isVisible()).toBe(true);
    await edit.getByRole('textbox', { name: /^Count of Leg/ }).fill('4');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => requirementRows(page)).toContainEqual(['Leg', '4', '0', '4 missing']);

    // Remove one, after confirmation.
    await page.getByRole('button', { name: 'Actions for Leg' }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await confirmDialog(page, 'Remove');
    await expect.poll(() => requirementRows(page)).toEqual([['Panel', '3', '0', '3 missing']]);

    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('searches the list, edits a manifest, duplicates it without its items, and deletes it', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    const panel = await buildComponent(server.app, { name: 'Panel' });
    const leg = await buildComponent(server.app, { name: 'Leg' });
    const manifest = await buildManifest(server.app, { name: 'Festival rig', status: 'Crate' });
    await buildManifest(server.app, { name: 'Office move' });
    await buildRequirement(server.app, manifest.id, panel.id, 2);
    await buildRequirement(server.app, manifest.id, leg.id, 1);
    await buildItem(server.app, {
      name: 'Panel A',
      component_id: panel.id,
      manifest_id: manifest.id,
    });
    await signIn(page, staff);

    await page.goto(`${server.origin}/manifests`);
    const rows = page.getByTestId('manifest-row');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    await page.getByRole('searchbox', { name: 'Search' }).fill('festival');
    await expect
      .poll(() => rows.allInnerTexts())
      .toEqual([expect.stringContaining('Festival rig')]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await rows.first().click();
    await page.waitForURL(`${server.origin}/manifests/${manifest.id}`);
    await expect
      .poll(() => requirementRows(page))
      .toEqual([
        ['Leg', '1', '0', '1 missing'],
        ['Panel', '2', '1', '1 missing'],
      ]);
    expect(await page.getByTestId('packed-item').allInnerTexts()).toEqual([
      expect.stringContaining('Panel A'),
    ]);

    // Edit: the heading follows.
    await page.getByRole('button', { name: 'Edit manifest' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit manifest' });
    await expect.poll(() => edit.getByLabel(/^Name/).inputValue()).toBe('Festival rig');
    await edit.getByLabel(/^Name/).fill('Festival rig, main stage');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Festival rig, main stage');

    // Duplicate: asks for the new name (required), copies requirements, not items.
    await page.getByRole('button', { name: 'Duplicate' }).click();
    const dup = page.getByRole('dialog', { name: 'Duplicate manifest' });
    await dup.getByLabel(/^New name/).fill('');
    await dup.getByRole('button', { name: 'Duplicate' }).click();
    await expect.poll(() => dup.getByText('New name is required').isVisible()).toBe(true);
    await dup.getByLabel(/^New name/).fill('Festival rig, side stage');
    await dup.getByRole('button', { name: 'Duplicate' }).click();
    await page.waitForURL(
      (url) =>
        /\/manifests\/[A-Za-z0-9_-]+$/.test(url.pathname) && !url.pathname.endsWith(manifest.id),
    );
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Festival rig, side stage');
    expect(await page.getByTestId('manifest-details').innerText()).toContain('Crate');
    await expect
      .poll(() => requirementRows(page))
      .toEqual([
        ['Leg', '1', '0', '1 missing'],
        ['Panel', '2', '0', '2 missing'],
      ]);
    await expect.poll(() => page.getByText('No items packed yet').isVisible()).toBe(true);

    // Delete the copy, after confirmation; back to the list, which no longer has it.
    await page.getByRole('button', { name: 'Delete manifest' }).click();
    const ask = page.getByRole('dialog', { name: 'Are you sure?' });
    expect(await ask.innerText()).toContain('This will delete Festival rig, side stage');
    await ask.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(`${server.origin}/manifests`);
    await expect
      .poll(() => rows.allInnerTexts())
      .toContainEqual(expect.stringContaining('Festival rig, main stage'));
    expect((await rows.allInnerTexts()).some((t) => t.includes('side stage'))).toBe(false);
  });

  it('takes an item off after confirmation, and the packed and missing counts follow', async () => {
    const { page } = mobile;
    const staff = await buildMember(server.app, { role: 'staff' });
    const panel = await buildComponent(server.app, { name: 'Panel' });
    const manifest = await buildManifest(server.app, { name: 'Tour crate' });
    await buildRequirement(server.app, manifest.id, panel.id, 2);
    const panelA = await buildItem(server.app, {
      name: 'Panel A',
      component_id: panel.id,
      manifest_id: manifest.id,
    });
    await buildItem(server.app, {
      name: 'Panel B',
      component_id: panel.id,
      manifest_id: manifest.id,
    });
    await signIn(page, staff);
    await page.goto(`${server.origin}/manifests/${manifest.id}`);
    await expect.poll(() => requirementRows(page)).toEqual([['Panel', '2', '2', 'Complete']]);

    // Cancelling changes nothing.
    await page.getByRole('button', { name: 'Take off Panel A' }).click();
    const ask = page.getByRole('dialog', { name: 'Take this item off?' });
    expect(await ask.innerText()).toContain('Panel A will no longer be on Tour crate.');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('packed-item').count()).toBe(2);

    await page.getByRole('button', { name: 'Take off Panel A' }).click();
    await confirmDialog(page, 'Take off');
    await expect
      .poll(() => page.getByTestId('packed-item').allInnerTexts())
      .toEqual([expect.stringContaining('Panel B')]);
    await expect.poll(() => requirementRows(page)).toEqual([['Panel', '2', '1', '1 missing']]);
    const item = await server.app.db
      .selectFrom('items')
      .select('manifest_id')
      .where('id', '=', panelA.id)
      .executeTakeFirstOrThrow();
    expect(item.manifest_id).toBeNull();

    // The phone layout: nothing wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('manifests as a client user', () => {
  it("lists only the client's manifests and shows them read-only", async () => {
    const { page } = mobile;
    const client = await buildClient(server.app, { name: 'Acme Events' });
    const member = await buildMember(server.app, { role: 'client', client_id: client.id });
    const panel = await buildComponent(server.app, { name: 'Panel' });
    const ours = await buildManifest(server.app, { name: 'Acme booth', client_id: client.id });
    await buildManifest(server.app, { name: 'Someone else entirely' });
    await buildRequirement(server.app, ours.id, panel.id, 2);
    await buildItem(server.app, {
      name: 'Acme panel',
      component_id: panel.id,
      manifest_id: ours.id,
      client_id: client.id,
    });
    await signIn(page, member);

    // The simplified client header has no Manifests link: the profile leads there.
    await page.goto(`${server.origin}/profile`);
    await page.getByRole('link', { name: 'Your manifests' }).click();
    await page.waitForURL(`${server.origin}/manifests`);
    const rows = page.getByTestId('manifest-row');
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining('Acme booth')]);
    expect(await page.getByRole('button', { name: 'Create a Manifest' }).count()).toBe(0);

    await rows.first().click();
    await page.waitForURL(`${server.origin}/manifests/${ours.id}`);
    await expect.poll(() => requirementRows(page)).toEqual([['Panel', '2', '1', '1 missing']]);
    expect(await page.getByTestId('packed-item').allInnerTexts()).toEqual([
      expect.stringContaining('Acme panel'),
    ]);
    for (const name of [
      'Start packing',
      'Edit manifest',
      'Duplicate',
      'Delete manifest',
      'Take off Acme panel',
      'Add',
    ]) {
      expect(await page.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    }
    expect(await page.getByRole('form', { name: 'Add a requirement' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('is one tap away for staff: the header links to the manifests', async () => {
    const { page } = mobile;
    const member = await buildMember(server.app, { role: 'staff' });
    await signIn(page, member);
    await page.goto(`${server.origin}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Manifests', exact: true }).click();
    await page.waitForURL(`${server.origin}/manifests`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Manifests');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('sends a signed-out visitor of /manifests to the login page', async () => {
    const { page } = desktop;
    await page.goto(`${server.origin}/manifests`);
    await page.waitForURL(/\/login\?redirect=/);
  });
});
