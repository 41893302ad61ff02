import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildClient } from '../factories/clients.ts';
import { buildItem } from '../factories/items.ts';
import { buildLocation } from '../factories/locations.ts';
import { buildMember, type BuiltMember } from '../factories/members.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { openBrowser } from '../helpers/browser.ts';
import { useBrowserSuite } from '../helpers/e2e-suite.ts';

const { server, desktop: browser, signIn } = useBrowserSuite({ mobile: false });

async function openProfile(page: Page, member: BuiltMember, query = '') {
  await signIn(page, member);
  await page.goto(`${server.origin}/profile${query}`);
  await expect.poll(() => page.getByRole('heading', { name: 'Profile' }).isVisible()).toBe(true);
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** The row of a list (Members, Clients, Locations) holding this text. */
const row = (page: Page, list: string, text: string) =>
  page.getByRole('list', { name: list }).getByRole('listitem').filter({ hasText: text });

async function rowAction(page: Page, name: string, action: 'Edit' | 'Delete') {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

describe('profile for each role', () => {
  it('signed out: /profile goes to /login?redirect=/, and login returns there', async () => {
    const { page } = browser;
    const staff = await buildMember(server.app, { role: 'staff' });
    await page.goto(`${server.origin}/profile`);
    await page.waitForURL(`${server.origin}/login?redirect=/`);
    await page.getByLabel(/^Email/).fill(staff.email);
    await page.getByLabel(/^Password/).fill(staff.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.origin}/`);
  });

  it('client user: email and Logout, no admin tabs; Logout signs out', async () => {
    const { page } = browser;
    const client = await buildMember(server.app, { role: 'client' });
    await openProfile(page, client);
    await expect.poll(() => page.getByRole('main').getByText(client.email).isVisible()).toBe(true);
    expect(await page.getByRole('tablist').count()).toBe(0);
    // Verified members are not offered a new verification email.
    expect(await page.getByRole('button', { name: 'Resend verification email' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${server.origin}/login`);
    await page.goto(`${server.origin}/profile`);
    await page.waitForURL(`${server.origin}/login?redirect=/`);
  });

  it('staff: email and Logout, no admin tabs', async () => {
    const { page } = browser;
    const staff = await buildMember(server.app, { role: 'staff' });
    await openProfile(page, staff);
    await expect.poll(() => page.getByRole('main').getByText(staff.email).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    expect(await page.getByRole('tablist').count()).toBe(0);
  });

  it('a client user changes their own password (wrong current one refused) and stays signed in', async () => {
    const { page } = browser;
    const client = await buildMember(server.app, { role: 'client' });
    await openProfile(page, client);
    await page.getByRole('button', { name: 'Change password' }).click();
    const form = dialog(page, 'Change your password');
    await expect.poll(() => form.isVisible()).toBe(true);
    await form.getByLabel(/^Current password/).fill('not-my-password');
    await form.getByLabel(/^New password/).fill('my-own-new-pass');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => page.getByText('The current password is wrong.').isVisible())
      .toBe(true);
    await form.getByLabel(/^Current password/).fill(client.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() =>
        page.getByText('Your password was changed. Other devices are signed out.').isVisible(),
      )
      .toBe(true);
    await page.reload();
    await expect.poll(() => page.getByRole('main').getByText(client.email).isVisible()).toBe(true);
    const res = await page.request.post(`${server.origin}/api/login`, {
      data: { username: client.email, password: 'my-own-new-pass' },
    });
    expect(res.status()).toBe(200);
  });

  it('admin: the Users, Clients, Locations, Components, Inspection kinds, Service tokens and Webhooks tabs, with no serious axe violations', async () => {
    const { page } = browser;
    const admin = await buildMember(server.app, { role: 'admin' });
    await openProfile(page, admin);
    const tabs = await page.getByRole('tab').allInnerTexts();
    expect(tabs).toEqual([
      'Users',
      'Clients',
      'Locations',
      'Components',
      'Inspection kinds',
      'Service tokens',
      'Webhooks',
    ]);
    await expect.poll(() => row(page, 'Members', admin.email).isVisible()).toBe(true);
    await page.screenshot({ path: '.test-output/profile-admin.png' });
    await expect.poll(() => seriousAxeViolations(page)).toEqual([]);
  });
});

describe('admin: Users tab', () => {
  it('adds a member; each email is a mailto link', async () => {
    const { page } = browser;
    const admin = await buildMember(server.app, { role: 'admin' });
    await openProfile(page, admin);
    await page.getByRole('button', { name: 'Add a Member' }).click();
    const form = dialog(page, 'Add a Member');
    await expect.poll(() => form.isVisible()).toBe(true);
    await page.screenshot({ path: '.test-output/profile-add-member.png' });
    await expect.poll(() => seriousAxeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Add member' }).click();
    await expect.poll(() => form.getByText('Email is required').isVisible()).toBe(true);
    await expect.poll(() => form.getByText('Password is required').isVisible()).toBe(true);

    const email = `added-${Date.now()}@example.com`;
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Password/).fill('initial-password');
    await form.getByRole('button', { name: 'Add member' }).click();
    await expect.poll(() => form.isVisible()).toBe(false);
    const link = row(page, 'Members', email).getByRole('link', { name: email });
    await expect.poll(() => link.isVisible()).toBe(true);
    expect(await link.getAttribute('href')).toBe(`mailto:${email}`);
    await expect.poll(() => row(page, 'Members', email).textContent()).toContain('Not verified');
  });

  it('adds a client user, who must have a client', async () => {
    const { page } = browser;
    const admin = await buildMember(server.app, { role: 'admin' });
    const client = await buildClient(server.app, { name: `Festival ${Date.now()}` });
    await openProfile(page, admin);
    await page.getByRole('button', { name: 'Add a Member' }).click();
    const form = dialog(page, 'Add a Member');
    const email = `client-user-${Date.now()}@example.com`;
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Password/).fill('initial-password');
    await form.getByRole('combobox', { name: /^Role/ }).click();
    await page.getByRole('option', { name: 'Client user' }).click();
    await form.getByRole('button', { name: 'Add member' }).click();
    await expect
      .poll(() => form.getByText('Client is required for a client user').isVisible())
      .toBe(true);
    await form.getByRole('combobox', { name: /^Client/ }).click();
    await page.getByRole('option', { name: client.name }).click();
    await form.getByRole('button', { name: 'Add member' }).click();
    await expect.poll(() => row(page, 'Members', email).isVisible()).toBe(true);
    await expect
      .poll(() => row(page, 'Members', email).textContent())
      .toContain(`Client user: ${client.name}`);
  });

  it('Edit changes the password after the warning', async () => {
    const { page } = browser;
    const admin = await buildMember(server.app, { role: 'admin' });
    const staff = await buildMember(server.app, { role: 'staff' });
    await openProfile(page, admin);
    await expect.poll(() => row(page, 'Members', staff.email).isVisible()).toBe(true);
    await rowAction(page, staff.email, 'Edit');
    const sure = dialog(page, 'Are you sure?');
    await expect
      .poll(() =>
        sure.getByText(`You are about to change the password for ${staff.email}.`).isVisible(),
      )
      .toBe(true);
    await sure.getByRole('button', { name: 'Continue' }).click();
    const form = dialog(page, 'Change password');
    await expect.poll(() => form.isVisible()).toBe(true);
    await form.getByLabel(/^New password/).fill('changed-by-admin');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect
      .poll(() => page.getByText(`The password for ${staff.email} was changed.`).isVisible())
      .toBe(true);
    const res = await page.request.post(`${server.origin}/api/login`, {
      data: { username: staff.email, password: 'changed-by-admin' },
    });
    expect(res.status()).toBe(200);
  });

  it('Delete removes a member after the warning, and explains why an admin cannot delete themselves', async () => {
    const { page } = browser;
    const admin = await buildMember(server.app, { role: 'admin' });
    const staff = await buildMember(server.app, { role: 'staff' });
    await openProfile(page, admin);
    await expect.poll(() => row(page, 'Members', staff.email).isVisible()).toBe(true);
    await rowAction(page, staff.email, 'Delete');
    const sure = dialog(page, 'Are you sure?');
    await expect
      .poll(() => sure.getByText(`You are about to delete ${staff.email}.`).isVisible())
      .toBe(true);
    await sure.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row(page, 'Members', staff.email).count()).toBe(0);

    await rowAction(page, admin.email, 'Delete');
    await dialog(page, 'Are you sure?').getByRole('button', { name: 'Delete' }).click();
    const refused = dialog(page, 'Member not deleted');
    await expect
      .poll(() => refused.getByText('You cannot delete yourself.').isVisible())
      .toBe(true);
    await refused.getByRole('button', { name: 'Ok' }).click();
    await expect.poll(() => row(page, 'Members', admin.email).isVisible()).toBe(true);
  });
});

describe('admin: Clients and Locations tabs', () => {
  it('creates, renames and deletes a client', async () => {
    const { page } = browser;
    const admin = await buildMember(server.app, { role: 'admin' });
    await openProfile(page, admin);
    await page.getByRole('tab', { name: 'Clients' }).click();
    await page.waitForURL(/\/profile\?tab=clients$/);
    await page.getByRole('button', { name: 'Create a Client' }).click();
    const form = dialog(page, 'Create a Client');
    await form.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => form.getByText('Name is required').isVisible()).toBe(true);
    const name = `Harbour Fest ${Date.now()}`;
    await form.getByLabel(/^Name/).fill(name);
    await form.getByLabel(/^Name/).press('Enter');
    await expect.poll(() => row(page, 'Clients', name).isVisible()).toBe(true);

    await rowAction(page, name, 'Edit');
    const edit = dialog(page, 'Edit client');
    await edit.getByLabel(/^Name/).fill(`${name} 2`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => row(page, 'Clients', `${name} 2`).isVisible()).toBe(true);

    await rowAction(page, `${name} 2`, 'Delete');
    const sure = dialog(page, 'Are you sure?');
    await expect.poll(() => sure.getByText(`This will delete ${name} 2`).isVisible()).toBe(true);
    await sure.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row(page, 'Clients', `${name} 2`).count()).toBe(0);
  });

  it("shows the server's reason when a client is still in use (409)", async () => {
    const { page } = browser;
    const admin = await buildMember(server.app, { role: 'admin' });
    const client = await buildClient(server.app, { name: `Busy ${Date.now()}` });
    await buildMember(server.app, { role: 'client', client_id: client.id });
    await openProfile(page, admin, '?tab=clients');
    await expect.poll(() => row(page, 'Clients', client.name).isVisible()).toBe(true);
    await rowAction(page, client.name, 'Delete');
    await dialog(page, 'Are you sure?').getByRole('button', { name: 'Delete' }).click();
    const refused = dialog(page, 'Client not deleted');
    await expect
      .poll(() => refused.getByText('This client still has 1 member.').isVisible())
      .toBe(true);
    await refused.getByRole('button', { name: 'Ok' }).click();
    await expect.poll(() => row(page, 'Clients', client.name).isVisible()).toBe(true);
  });

  it('creates a location, and refuses to delete one that still holds items', async () => {
    const { page } = browser;
    const admin = await buildMember(server.app, { role: 'admin' });
    const busy = await buildLocation(server.app, { name: `Yard ${Date.now()}` });
    await buildItem(server.app, { name: 'Crate', location_id: busy.id });
    await openProfile(page, admin, '?tab=locations');
    await page.getByRole('button', { name: 'Create a Location' }).click();
    const name = `Shed ${Date.now()}`;
    const form = dialog(page, 'Create a Location');
    await form.getByLabel(/^Name/).fill(name);
    await form.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => row(page, 'Locations', name).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await rowAction(page, busy.name, 'Delete');
    const sure = dialog(page, 'Are you sure?');
    await expect.poll(() => sure.getByText(`This will delete ${busy.name}`).isVisible()).toBe(true);
    await sure.getByRole('button', { name: 'Delete' }).click();
    const refused = dialog(page, 'Location not deleted');
    await expect.poll(() => refused.isVisible()).toBe(true);
    await expect.poll(() => refused.innerText()).toMatch(/still/);
    await refused.getByRole('button', { name: 'Ok' }).click();
  });

  it('the Components tab opens /components', async () => {
    const { page } = browser;
    const admin = await buildMember(server.app, { role: 'admin' });
    await openProfile(page, admin);
    await page.getByRole('tab', { name: 'Components' }).click();
    await page.waitForURL(`${server.origin}/components`);
  });
});

describe('profile on a 375x667 phone', () => {
  it('fits the screen for an admin', async () => {
    const phone = await openBrowser({ viewport: { width: 375, height: 667 } });
    try {
      const { page } = phone;
      const admin = await buildMember(server.app, { role: 'admin' });
      await openProfile(page, admin);
      await expect.poll(() => row(page, 'Members', admin.email).isVisible()).toBe(true);
      for (const tab of ['Users', 'Clients', 'Locations', 'Components']) {
        const box = await page.getByRole('tab', { name: tab }).boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      }
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(375);
      await page.screenshot({ path: '.test-output/profile-admin-mobile.png', fullPage: true });
      await rowAction(page, admin.email, 'Edit');
      await expect.poll(() => dialog(page, 'Are you sure?').isVisible()).toBe(true);
      await dialog(page, 'Are you sure?').getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await phone.close();
    }
  });
});
