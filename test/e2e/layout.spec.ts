import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { buildItem } from '../factories/items.ts';
import { buildMember } from '../factories/members.ts';
import { openBrowser, startServer, type Browser, type RunningServer } from '../helpers/browser.ts';
import { useBrowserSuite } from '../helpers/e2e-suite.ts';

const { server, desktop, mobile, signIn } = useBrowserSuite();

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
    await expect
      .poll(() => page.getByRole('button', { name: 'Show QR code and scan' }).isVisible())
      .toBe(true);
    const login = page.getByRole('banner').getByRole('link', { name: 'Login' });
    expect(await login.getAttribute('href')).toBe('/login?redirect=%2Fabout');
    await expect
      .poll(() => page.getByRole('banner').getByRole('link', { name: /@/ }).count())
      .toBe(0);
  });

  it('staff: the email links to /profile, and the QR button opens its popover', async () => {
    const { page } = desktop;
    const staff = await buildMember(server.app, { role: 'staff' });
    await signIn(page, staff);
    await page.goto(`${server.origin}/about`);
    const email = page.getByRole('banner').getByRole('link', { name: staff.email });
    await expect.poll(() => email.isVisible()).toBe(true);
    await expect.poll(() => email.getAttribute('href')).toBe('/profile');
    await page.getByRole('button', { name: 'Show QR code and scan' }).click();
    const popover = page.getByRole('dialog', { name: 'Show QR code and scan' });
    await expect.poll(() => popover.isVisible()).toBe(true);
    await expect.poll(() => popover.innerText()).toContain(`${server.origin}/about`);
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
    await expect
      .poll(() => page.getByRole('banner').getByRole('link', { name: admin.email }).isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByRole('button', { name: 'Show QR code and scan' }).isVisible())
      .toBe(true);
  });

  it('client user: the simplified header with logo, trail and email only', async () => {
    const { page } = desktop;
    const client = await buildMember(server.app, { role: 'client' });
    await signIn(page, client);
    await page.goto(`${server.origin}/profile`);
    const banner = page.getByRole('banner');
    await expect
      .poll(() => banner.getByRole('link', { name: client.email }).isVisible())
      .toBe(true);
    expect(await trail(page)).toBe('Home › Profile');
    expect(await banner.getByRole('button').count()).toBe(0);
    await expect
      .poll(() => banner.getByRole('link').allInnerTexts())
      .toEqual(['', 'Home', client.email]);
  });

  it("shows the item's name in the trail, and its id when it has none", async () => {
    const { page } = desktop;
    const named = await buildItem(server.app, { name: 'Blue pallet' });
    const unnamed = await buildItem(server.app, { name: null });
    await page.goto(`${server.origin}/items/${named.id}`);
    await expect.poll(() => trail(page)).toBe('Home › Blue pallet');
    await page.goto(`${server.origin}/items/${unnamed.id}`);
    await expect.poll(() => trail(page)).toBe(`Home › ${unnamed.id}`);
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Home' })
      .click();
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
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await page.screenshot({ path: '.test-output/header-mobile.png' });
  });
});

describe('analytics without a token', () => {
  it('sends nothing to any other host and asks for no consent', async () => {
    const { page } = desktop;
    const elsewhere: string[] = [];
    const listener = (req: Request) => {
      const url = req.url();
      if (!url.startsWith(server.origin) && !url.startsWith('data:') && !url.startsWith('blob:'))
        elsewhere.push(url);
      // Not even the collector code is fetched.
      if (url.includes('/assets/collector-')) elsewhere.push(url);
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
      await expect
        .poll(() => page.getByRole('heading', { name: 'Profile' }).isVisible())
        .toBe(true);
      expect(await page.getByRole('region', { name: 'Usage analytics' }).count()).toBe(0);
      expect(await page.getByText('Share usage statistics').count()).toBe(0);
    } finally {
      page.off('request', listener);
    }
    expect(elsewhere).toEqual([]);
  });
});

describe('analytics with a token (a build made with VITE_ANALYTICS_TOKEN and VITE_ANALYTICS_URL)', () => {
  // A second build of the app with analytics configured, served by its own server. The
  // collector is a same-origin path answered by the test (the app's CSP allows only its
  // own origin; a real deployment adds the collector's origin there).
  let analyticsServer: RunningServer;
  let phone: Browser;
  const outDir = path.resolve('.test-output/web-analytics');

  beforeAll(async () => {
    execFileSync(
      'npx',
      ['vite', 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'],
      {
        env: {
          ...process.env,
          VITE_ANALYTICS_TOKEN: 'test-token',
          VITE_ANALYTICS_URL: '/analytics-collect',
        },
        stdio: 'ignore',
      },
    );
    analyticsServer = await startServer({ WEB_DIST: outDir });
    phone = await openBrowser({ viewport: { width: 375, height: 667 } });
  }, 120_000);
  afterAll(async () => {
    await phone?.close();
    await analyticsServer?.close();
  });

  async function collect(page: Page) {
    const batches: Array<Array<{ event: string; properties: Record<string, unknown> }>> = [];
    await page.route('**/analytics-collect', async (route) => {
      batches.push(JSON.parse(route.request().postData() ?? '[]'));
      await route.fulfill({ status: 200, body: '1' });
    });
    return batches;
  }

  it('asks first, sends nothing before the answer, then sends the batch with email and Environment', async () => {
    const { page } = phone;
    const batches = await collect(page);
    const staff = await buildMember(analyticsServer.app, { role: 'staff' });
    await page.goto(`${analyticsServer.origin}/login`);
    const banner = page.getByRole('region', { name: 'Usage analytics' });
    await expect.poll(() => banner.isVisible()).toBe(true);
    await page.screenshot({ path: '.test-output/consent-mobile.png' });
    await page.getByLabel(/^Email/).fill(staff.email);
    await page.getByLabel(/^Password/).fill(staff.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${analyticsServer.origin}/`);
    await page.waitForTimeout(500);
    expect(batches).toEqual([]);

    await banner.getByRole('button', { name: 'Allow' }).click();
    await expect.poll(() => batches.length, { timeout: 8000 }).toBeGreaterThan(0);
    const events = batches.flat();
    expect(events.map((e) => e.event)).toEqual(['app_opened', 'user_logged_in']);
    for (const e of events) {
      expect(e.properties).toMatchObject({
        token: 'test-token',
        distinct_id: staff.email,
        Environment: 'Production',
      });
    }

    // The answer is remembered, and can be changed on the profile.
    await page.goto(`${analyticsServer.origin}/profile`);
    const share = page.getByRole('switch', { name: 'Share usage statistics' });
    await expect.poll(() => share.isChecked()).toBe(true);
    expect(await banner.count()).toBe(0);
    await share.click({ force: true });
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('yardkeep.analytics.consent')))
      .toBe('opt-out');
  });

  it('sends nothing after No thanks', async () => {
    const fresh = await openBrowser();
    try {
      const { page } = fresh;
      const batches = await collect(page);
      await page.goto(`${analyticsServer.origin}/about`);
      await page
        .getByRole('region', { name: 'Usage analytics' })
        .getByRole('button', { name: 'No thanks' })
        .click();
      await page.goto(`${analyticsServer.origin}/login`);
      await expect.poll(() => page.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
      expect(await page.getByRole('region', { name: 'Usage analytics' }).count()).toBe(0);
      await page.waitForTimeout(5500);
      expect(batches).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
