import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildManifest } from '../factories/manifests.ts';
import { buildMember } from '../factories/members.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { openBrowser } from '../helpers/browser.ts';
import { useBrowserSuite } from '../helpers/e2e-suite.ts';
import { linkIn, startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

let smtp: TestSmtp;

// Registered first, so the SMTP server starts before the app and closes after it.
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
});
const { server, desktop: browser } = useBrowserSuite({
  mobile: false,
  env: () => ({ SMTP_URL: smtp.url }),
});

describe('signing in through the login page', () => {
  it('sends a signed-out visitor of / to /login with redirect=/', async () => {
    const { page } = browser;
    await page.goto(`${server.origin}/`);
    await page.waitForURL(/\/login\?redirect=%2F|\/login\?redirect=\//);
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('link', { name: 'Forgot password' }).isVisible())
      .toBe(true);
    // The spec's form has no cancel button.
    await expect.poll(() => page.getByRole('button', { name: /cancel/i }).count()).toBe(0);
  });

  it('says which fields are required', async () => {
    const { page } = browser;
    await page.goto(`${server.origin}/login`);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByText('Email is required').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Password is required').isVisible()).toBe(true);
    expect(await page.getByLabel(/^Email/).getAttribute('type')).toBe('email');
  });

  it('shows the server message for a wrong password and stays on /login', async () => {
    const { page } = browser;
    const member = await buildMember(server.app, { role: 'staff' });
    await page.goto(`${server.origin}/login`);
    await page.getByLabel(/^Email/).fill(member.email);
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Wrong email or password.');
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

  it('returns to the redirect value after login, and never to another site', async () => {
    const { page } = browser;
    const member = await buildMember(server.app, { role: 'client' });
    await page.goto(`${server.origin}/login?redirect=${encodeURIComponent('/profile?tab=users')}`);
    await page.getByLabel(/^Email/).fill(member.email);
    await page.getByLabel(/^Password/).fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.origin}/profile?tab=users`);

    await browser.context.clearCookies();
    await page.goto(`${server.origin}/login?redirect=${encodeURIComponent('//evil.example/x')}`);
    await page.getByLabel(/^Email/).fill(member.email);
    await page.getByLabel(/^Password/).fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.origin}/`);
  });

  it('has no serious accessibility violations', async () => {
    const { page } = browser;
    await page.goto(`${server.origin}/login`);
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('a session that ends while the app is open', () => {
  it('sends the member to /login on the next call, and login brings them back', async () => {
    const { page } = browser;
    const member = await buildMember(server.app, { role: 'staff' });
    const manifest = await buildManifest(server.app, { name: 'Festival rig' });
    await page.goto(`${server.origin}/login`);
    await page.getByLabel(/^Email/).fill(member.email);
    await page.getByLabel(/^Password/).fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.origin}/`);
    await page.goto(`${server.origin}/manifests`);
    const link = page.getByRole('link', { name: /Festival rig/ });
    await expect.poll(() => link.isVisible()).toBe(true);

    // The session ends on the server (it expired, or they signed out on another device);
    // the page still believes they are signed in.
    await server.app.db.deleteFrom('sessions').where('user_id', '=', member.id).execute();
    await link.click();
    const here = `/manifests/${manifest.id}`;
    await page.waitForURL(`${server.origin}/login?redirect=${encodeURIComponent(here)}`);
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: member.email }).count()).toBe(0);

    await page.getByLabel(/^Email/).fill(member.email);
    await page.getByLabel(/^Password/).fill(member.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${server.origin}${here}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe('Festival rig');
  });
});

describe('forgot password', () => {
  it('emails a reset link; the link sets a new password and signs in to /profile', async () => {
    const { page } = browser;
    const member = await buildMember(server.app, { role: 'staff' });
    await page.goto(`${server.origin}/login?redirect=/`);
    await page.getByLabel(/^Email/).fill(member.email);
    await page.getByRole('link', { name: 'Forgot password' }).click();
    await page.waitForURL(/\/login\?redirect=%2F&forgot=1$/);
    // The email typed for login is carried over.
    expect(await page.getByLabel(/^Email/).inputValue()).toBe(member.email);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect
      .poll(() => page.getByText('We sent you an email to reset your password.').isVisible())
      .toBe(true);

    const link = linkIn(await smtp.waitFor(member.email));
    expect(link.origin).toBe(server.origin);
    expect(link.pathname).toMatch(/^\/reset-password\//);
    await page.goto(link.href);
    const newPassword = page.getByLabel(/^New password/);
    await expect.poll(() => newPassword.isVisible()).toBe(true);
    // The hidden username field lets password managers file the new password correctly.
    const username = page.locator('input[autocomplete="username"]');
    expect(await username.inputValue()).toBe(member.email);
    await expect.poll(() => username.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect.poll(() => page.getByText('New password is required').isVisible()).toBe(true);
    await newPassword.fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL(`${server.origin}/profile`);
    await expect
      .poll(() => page.getByRole('banner').getByRole('link', { name: member.email }).isVisible())
      .toBe(true);

    // The old password is gone, the new one works.
    const old = await page.request.post(`${server.origin}/api/login`, {
      data: { username: member.email, password: member.password },
    });
    expect(old.status()).toBe(401);
    const fresh = await page.request.post(`${server.origin}/api/login`, {
      data: { username: member.email, password: 'a-brand-new-password' },
    });
    expect(fresh.status()).toBe(200);
  });

  it('answers the same for an unknown email, and Back to login returns to the form', async () => {
    const { page } = browser;
    await page.goto(`${server.origin}/login?forgot=1`);
    await page.getByLabel(/^Email/).fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect
      .poll(() => page.getByText('We sent you an email to reset your password.').isVisible())
      .toBe(true);
    await page.getByRole('link', { name: 'Back to login' }).click();
    await page.waitForURL(`${server.origin}/login`);
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
  });
});

describe('login on a 375x667 phone', () => {
  it('fits the screen and signs in', async () => {
    const phone = await openBrowser({ viewport: { width: 375, height: 667 } });
    try {
      const { page } = phone;
      const member = await buildMember(server.app, { role: 'staff' });
      await page.goto(`${server.origin}/login`);
      const login = page.getByRole('button', { name: 'Login' });
      await expect.poll(() => login.isVisible()).toBe(true);
      const box = await login.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
      await page.screenshot({ path: '.test-output/login-mobile.png' });
      await page.getByLabel(/^Email/).fill(member.email);
      await page.getByLabel(/^Password/).fill(member.password);
      await login.click();
      await page.waitForURL(`${server.origin}/`);
    } finally {
      await phone.close();
    }
  });
});
