import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildClient } from '../factories/clients.ts';
import { buildMember, type BuiltMember } from '../factories/members.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { useBrowserSuite } from '../helpers/e2e-suite.ts';

const { server, desktop: browser, signIn } = useBrowserSuite({ mobile: false });

async function openProfile(page: Page, member: BuiltMember, query = '') {
  await signIn(page, member);
  await page.goto(`${server.origin}/profile${query}`);
  await expect.poll(() => page.getByRole('heading', { name: 'Profile' }).isVisible()).toBe(true);
}

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** What the API answers the token, outside the browser (no cookie). */
async function statusWith(token: string, url = '/api/members'): Promise<number> {
  const res = await server.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
  });
  return res.statusCode;
}

describe('API tokens on the profile', () => {
  it('a member makes a token, sees it once, uses it, and revokes it', async () => {
    const { page } = browser;
    const staff = await buildMember(server.app, { role: 'staff' });
    await openProfile(page, staff);
    await page.getByRole('button', { name: 'New token' }).click();
    const form = page.getByRole('dialog', { name: 'New API token' });
    await form.getByLabel(/^Name/).fill('Invoicing');
    await choose(page, 'Access', 'Read and write');
    await form.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByRole('dialog', { name: 'Token “Invoicing” created' });
    await expect.poll(() => shown.isVisible()).toBe(true);
    const token = (await shown.getByTestId('new-token').innerText()).trim();
    expect(token).toMatch(/^yk_/);
    await expect
      .poll(() => shown.getByRole('button', { name: 'Copy token' }).isVisible())
      .toBe(true);
    await expect.poll(() => seriousAxeViolations(page)).toEqual([]);
    await shown.getByRole('button', { name: 'Done' }).click();

    expect(await statusWith(token)).toBe(200);
    const list = page.getByRole('list', { name: 'Your API tokens' });
    const row = list.getByRole('listitem').filter({ hasText: 'Invoicing' });
    await page.reload();
    await expect.poll(() => row.innerText()).toContain('last used');
    // Shown once: the page never holds the secret again.
    expect(await page.content()).not.toContain(token);

    await page.getByRole('button', { name: 'Revoke Invoicing' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => row.count()).toBe(0);
    expect(await statusWith(token)).toBe(401);
  });

  it('an admin makes a client service token in the Service tokens tab', async () => {
    const { page } = browser;
    const admin = await buildMember(server.app, { role: 'admin' });
    const client = await buildClient(server.app, { name: 'Token Client' });
    await openProfile(page, admin, '?tab=service-tokens');
    await page.getByRole('button', { name: 'New service token' }).click();
    const form = page.getByRole('dialog', { name: 'New service token' });
    await form.getByLabel(/^Name/).fill('Client portal');
    await choose(page, 'Role', 'Client user');
    await choose(page, 'Client', client.name);
    await form.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByRole('dialog', { name: 'Token “Client portal” created' });
    await expect.poll(() => shown.isVisible()).toBe(true);
    const token = (await shown.getByTestId('new-token').innerText()).trim();
    await shown.getByRole('button', { name: 'Done' }).click();
    const row = page
      .getByRole('list', { name: 'Service tokens' })
      .getByRole('listitem')
      .filter({ hasText: 'Client portal' });
    await expect.poll(() => row.innerText()).toMatch(/Client user: Token Client/i);
    expect(await statusWith(token, '/api/inventory/items')).toBe(200);
    expect(await statusWith(token, '/api/activity/1')).toBe(403);
    await expect.poll(() => seriousAxeViolations(page)).toEqual([]);
  });
});
