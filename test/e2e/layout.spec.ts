import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildItem } from '../factories/items.ts';
import { buildMember, type BuiltMember } from '../factories/members.ts';
import { openBrowser, startServer, type Browser, type RunningServer } from '../helpers/browser.ts';

let server: RunningServer;
let desktop: Browser;
let mobile: Browser;

beforeAll(async () => {
  server = await startServer();
  desktop = await openBrowser();
  mobile = await openBrowser({ viewport: { width: 375, height: 667 } });
});
afterAll(async () => {
  await desktop?.close();
  await mobile?.close();
  await server?.close();
});
beforeEach(async () => {
  await desktop.context.clearCookies();
  await mobile.context.clearCookies();
});

async function signIn(page: Page, member: BuiltMember) {
  const res = await page.request.post(`${server.origin}/api/login`, {
    data: { username: member.email, password: member.password },
  });
  expect(res.status()).toBe(200);
}

/** The trail as read aloud: "Home › Profile". */
async function trail(page: Page): Promise<string> {
  const nav = page.getByRole('navigation', { name: 'Breadcrumb' });
  return (await nav.innerText()).replace(/\s+/g, ' ').trim();
}

async function logoWidth(page: Page): Promise<number | undefined> {
  const box = await page.getByRole('link', { name: 'Yardkeep home' }).locator('img').boundingBox();
  return box?.width;
}

describe('header for each role', () => {
  it('anonymous: logo to /, trail, QR button, a Login link and no email', async () => {
    const { page } = desktop;
    await page.goto(`${server.origin}/about`);
    await expect.poll(() => trail(page)).toBe('Home › About');
    expect(await page.getByRole('link', { name: 'Yardkeep home' }).getAttribute('href')).toBe('/');
    expect(await logoWidth(page)).toBe(200);
    expect(await page.getByRole('button', { name: 'Show QR code and scan' }).isVisible()).toBe(true);
    const login = page.getByRole('banner').getByRole('link', { name: 'Login' });
    expect(await login.getAttribute('href')).toBe('/login?redirect=%2Fabout');
    expect(await page.getByRole('banner').getByRole('link', { name: /@/ }).count()).toBe(0);
  });

  it('staff: the email links to /profile, and the QR button opens its popover', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/about`);
    const email = page.getByRole('banner').getByRole('link', { name: staff.email });
    await expect.poll(() => email.isVisible()).toBe(true);
    expect(await email.getAttribute('href')).toBe('/profile');
    await page.getByRole('button', { name: 'Show QR code and scan' }).click();
    const popover = page.getByRole('dialog', { name: 'Show QR code and scan' });
    await expect.poll(() => popover.isVisible()).toBe(true);
    expect(await popover.innerText()).toContain(`${server.origin}/about`);
    await page.keyboard.press('Escape');
    await expect.poll(() => popover.isVisible()).toBe(false);
    await email.click();
    await page.waitForURL(`${server.origin}/profile`);
    await expect.poll(() => trail(page)).toBe('Home › Profile');
  });

  it('admin: the same full header', async () => {
    const { page } = desktop;
    const admin = await buildMember(server.app, { role: 'admin' });
    await signIn(page, admin);
    await page.goto(`${server.origin}/profile`);
    await expect.poll(() => page.getByRole('banner').getByRole('link', { name: admin.email }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Show QR code and scan' }).isVisible()).toBe(true);
  });

  it('client user: the simplified header with logo, trail and email only', async () => {
    const { page } = desktop;
    const client = await buildMember(server.app, { role: 'client' });
    await signIn(page, client);
    await page.goto(`${server.origin}/profile`);
    const banner = page.getByRole('banner');
    await expect.poll(() => banner.getByRole('link', { name: client.email }).isVisible()).toBe(true);
    expect(await trail(page)).toBe('Home › Profile');
    expect(await banner.getByRole('button').count()).toBe(0);
    expect(await banner.getByRole('link').allInnerTexts()).toEqual(['', 'Home', client.email]);
  });

  it("shows the item's name in the trail, and its id when it has none", async () => {
    const { page } = desktop;
    const named = await buildItem(server.app, { name: 'Blue pallet' });
    const unnamed = await buildItem(server.app, { name: null });
    await page.goto(`${server.origin}/items/${named.id}`);
    await expect.poll(() => trail(page)).toBe('Home › Blue pallet');
    await page.goto(`${server.origin}/items/${unnamed.id}`);
    await expect.poll(() => trail(page)).toBe(`Home › ${unnamed.id}`);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click();
    await page.waitForURL(/\/login/);
  });

  it('has a discreet link to /about at the bottom of every page', async () => {
    const { page } = desktop;
    await page.goto(`${server.origin}/login`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Yardkeep' }).click();
    await page.waitForURL(`${server.origin}/about`);
  });
});

describe('header on a 375x667 phone', () => {
  it('fits: 150 px logo, email, QR button and the trail on its own row', async () => {
    const { page } = mobile;
    const staff = await buildMember(server.app, { role: 'staff' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/profile`);
    const email = page.getByRole('banner').getByRole('link', { name: staff.email });
    await expect.poll(() => email.isVisible()).toBe(true);
    expect(await logoWidth(page)).toBe(150);
    expect(await trail(page)).toBe('Home › Profile');
    const qr = await page.getByRole('button', { name: 'Show QR code and scan' }).boundingBox();
    expect(qr!.x + qr!.width).toBeLessThanOrEqual(375);
    // Nothing wider than the screen: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: '.test-output/header-mobile.png' });
  });
});

describe('analytics without a token', () => {
  it('sends nothing to any other host and asks for no consent', async () => {
    const { page } = desktop;
    const elsewhere: string[] = [];
    const listener = (req: { url(): string }) => {
      const url = req.url();
      if (!url.startsWith(server.origin) && !url.startsWith('data:') && !url.startsWith('blob:')) elsewhere.push(url);
    };
    page.on('request', listener);
    try {
      const staff = await buildMember(server.app, { role: 'staff' });
      await page.goto(`${server.origin}/login`);
      await page.getByLabel(/^Email/).fill(staff.email);
      await page.getByLabel(/^Password/).fill(staff.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(`${server.origin}/`);
      await page.goto(`${server.origin}/profile`);
      await expect.poll(() => page.getByRole('heading', { name: 'Profile' }).isVisible()).toBe(true);
      expect(await page.getByRole('region', { name: 'Usage analytics' }).count()).toBe(0);
      expect(await page.getByText('Share anonymous usage statistics').count()).toBe(0);
    } finally {
      page.off('request', listener);
    }
    expect(elsewhere).toEqual([]);
  });
});
