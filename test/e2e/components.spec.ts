import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildComponent } from '../factories/components.ts';
import { buildItem } from '../factories/items.ts';
import { buildMember } from '../factories/members.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { useBrowserSuite } from '../helpers/e2e-suite.ts';

// The components page and the item components on the item page.

const { server, desktop, mobile, signIn } = useBrowserSuite();

const componentNames = (page: Page) => page.getByTestId('component-row').allInnerTexts();
const itemComponents = (page: Page) =>
  page
    .getByTestId('item-component')
    .evaluateAll((rows) =>
      rows.map((r) => (r as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
    );

describe('components page', () => {
  it('creates (name required), renames and deletes component types; one in use is refused', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    const used = await buildComponent(server.app, { name: 'Aa hinge' });
    await buildItem(server.app, { name: 'Door', component_id: used.id });
    await signIn(page, staff);
    await page.goto(`${server.origin}/components`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Components');

    await page.getByRole('button', { name: 'Create a Component' }).click();
    const create = page.getByRole('dialog', { name: 'Create a component' });
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => create.getByText('Name is required').isVisible()).toBe(true);
    await create.getByLabel(/^Name/).fill('Aa truss');
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await expect.poll(() => componentNames(page)).toEqual(['Aa hinge', 'Aa truss']);

    await page.getByRole('button', { name: 'Actions for Aa truss' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit component' });
    await edit.getByLabel(/^Name/).fill('Ab truss, 3 m');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => componentNames(page)).toEqual(['Aa hinge', 'Ab truss, 3 m']);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // In use by an item: the server refuses and says why; nothing is deleted.
    await page.getByRole('button', { name: 'Actions for Aa hinge' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const ask = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect.poll(() => ask.innerText()).toContain('This will delete Aa hinge');
    await ask.getByRole('button', { name: 'Delete' }).click();
    const refused = page.getByRole('dialog', { name: 'Component not deleted' });
    await expect.poll(() => refused.isVisible()).toBe(true);
    // The server's words, e.g. "This component still has 1 item."
    expect(await refused.innerText()).toMatch(/still/);
    await refused.getByRole('button', { name: 'Ok' }).click();
    expect(await componentNames(page)).toEqual(['Aa hinge', 'Ab truss, 3 m']);

    await page.getByRole('button', { name: 'Actions for Ab truss, 3 m' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Are you sure?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect.poll(() => componentNames(page)).toEqual(['Aa hinge']);
  });

  it('opens from the profile Components tab', async () => {
    const { page } = desktop;
    const admin = await buildMember(server.app, { role: 'admin' });
    await signIn(page, admin);
    await page.goto(`${server.origin}/profile`);
    await page.getByRole('tab', { name: 'Components' }).click();
    await page.waitForURL(`${server.origin}/components`);
  });

  it('is read-only for client users', async () => {
    const { page } = mobile;
    const member = await buildMember(server.app, { role: 'client' });
    await buildComponent(server.app, { name: 'Visible to clients' });
    await signIn(page, member);
    await page.goto(`${server.origin}/components`);
    await expect.poll(() => componentNames(page)).toContain('Visible to clients');
    expect(await page.getByRole('button', { name: 'Create a Component' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Actions for/ }).count()).toBe(0);
    await expect.poll(() => seriousAxeViolations(page)).toEqual([]);
  });
});

describe('item components on the item page', () => {
  it('adds (both fields required), edits and removes components, with Create a component inline', async () => {
    const { page } = mobile;
    const staff = await buildMember(server.app, { role: 'staff' });
    await buildComponent(server.app, { name: 'Caster wheel' });
    const item = await buildItem(server.app, { name: 'Rolling rack', status: 'Rack' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/items/${item.id}`);
    const section = page.getByRole('region', { name: 'Components' });
    await expect.poll(() => section.getByText('No Components').isVisible()).toBe(true);

    const form = section.getByRole('form', { name: 'Add a component to this item' });
    await form.getByRole('textbox', { name: /^Count/ }).fill('');
    await form.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => form.getByText('Component type is required').isVisible()).toBe(true);
    await expect.poll(() => form.getByText('Count is required').isVisible()).toBe(true);

    await form.getByRole('combobox', { name: /^Component type/ }).click();
    await page.getByRole('option', { name: 'Caster wheel', exact: true }).click();
    await form.getByRole('textbox', { name: /^Count/ }).fill('4');
    await form.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => itemComponents(page)).toEqual(['Caster wheel × 4']);

    // Create a component inline; the count defaults to 1.
    await form.getByRole('button', { name: 'Create a component' }).click();
    const create = page.getByRole('dialog', { name: 'Create a component' });
    await create.getByLabel(/^Name/).fill('Shelf');
    await create.getByRole('button', { name: 'Create', exact: true }).click();
    await expect
      .poll(() => form.getByRole('combobox', { name: /^Component type/ }).inputValue())
      .toBe('Shelf');
    await form.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => itemComponents(page)).toEqual(['Caster wheel × 4', 'Shelf × 1']);

    await section.getByRole('button', { name: 'Actions for Shelf' }).click();
    await page.getByRole('menuitem', { name: 'Edit count' }).click();
    const edit = section.getByRole('form', { name: 'Edit the count of Shelf' });
    await edit.getByRole('textbox', { name: /^Count of Shelf/ }).fill('3');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => itemComponents(page)).toEqual(['Caster wheel × 4', 'Shelf × 3']);

    await section.getByRole('button', { name: 'Actions for Caster wheel' }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await page
      .getByRole('dialog', { name: 'Are you sure?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect.poll(() => itemComponents(page)).toEqual(['Shelf × 3']);

    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('shows item components without edit controls to signed-out visitors', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    const shelf = await buildComponent(server.app, { name: 'Shelf board' });
    const item = await buildItem(server.app, { name: 'Bookcase' });
    const res = await page.request.post(`${server.origin}/api/login`, {
      data: { username: staff.email, password: staff.password },
    });
    expect(res.status()).toBe(200);
    const added = await page.request.post(
      `${server.origin}/api/inventory/items/${item.id}/components`,
      {
        data: { component_id: shelf.id, count: 5 },
        headers: { origin: server.origin },
      },
    );
    expect(added.status()).toBe(201);
    await desktop.context.clearCookies();

    await page.goto(`${server.origin}/items/${item.id}`);
    await expect.poll(() => itemComponents(page)).toEqual(['Shelf board × 5']);
    expect(await page.getByRole('form', { name: 'Add a component to this item' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Actions for/ }).count()).toBe(0);
  });
});
