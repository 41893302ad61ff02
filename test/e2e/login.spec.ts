import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../factories/members.ts';
import { openBrowser, startServer, type Browser, type RunningServer } from '../helpers/browser.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('signing in through the login page', () => {
  it('sends a signed-out visitor of / to /login with redirect=/', async () => {
    const { page } = browser;
    await page.goto(`${server.origin}/`);
    await page.waitForURL(/\/login\?redirect=%2F|\/login\?redirect=\//);
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
  });

  it('shows the server message for a wrong password and stays on /login', async () => {
    const { page } = browser;
    const member = await buildMember(server.app, { role: 'staff' });
    await page.goto(`${server.origin}/login`);
    await page.getByLabel(/^Email/).fill(member.email);
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Wrong email or password.');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('signs in and lands on / with the email in the header', async () => {
    const { page } = browser;
    const member = await buildMember(server.app, { role: 'staff' });
    await page.goto(`${server.origin}/login?redirect=/`);
    await page.getByLabel(/^Email/).fill(member.email);
    await page.getByLabel(/^Password/).fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.origin}/`);
    await expect.poll(() => page.getByRole('link', { name: member.email }).isVisible()).toBe(true);
  });
});
