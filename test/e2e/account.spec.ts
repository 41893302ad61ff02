import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildMember, type BuiltMember } from '../factories/members.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { useBrowserSuite } from '../helpers/e2e-suite.ts';
import { linkIn, startTestSmtp, type TestSmtp } from '../helpers/smtp.ts';

// The token pages (verify email, reset password) followed from real emails: the server
// sends them to a loopback SMTP server and the tests open the links they contain.
let smtp: TestSmtp;
let admin: BuiltMember;

// Registered first, so the SMTP server starts before the app and closes after it.
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
});
const {
  server,
  desktop: browser,
  signIn,
} = useBrowserSuite({
  mobile: false,
  env: () => ({ SMTP_URL: smtp.url }),
});
beforeAll(async () => {
  admin = await buildMember(server.app, { role: 'admin' });
});

/** A new member added by the admin, as the Users tab does; returns their verification link. */
async function addMember(page: Page): Promise<{ email: string; password: string; link: URL }> {
  const email = `new-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;
  const password = 'first-password';
  await signIn(page, admin);
  const res = await page.request.post(`${server.origin}/api/members`, {
    data: { username: email, password },
  });
  expect(res.status()).toBe(201);
  await browser.context.clearCookies();
  const link = linkIn(await smtp.waitFor(email));
  expect(link.origin).toBe(server.origin);
  expect(link.pathname).toMatch(/^\/verify-email\//);
  return { email, password, link };
}

function countRequests(page: Page, path: string) {
  const seen: string[] = [];
  const listener = (req: { url(): string; method(): string }) => {
    if (new URL(req.url()).pathname === path) seen.push(req.method());
  };
  page.on('request', listener);
  return { seen, stop: () => page.off('request', listener) };
}

describe('verify email (/verify-email/:token)', () => {
  it('verifies once on load and says Email Verified! with a link to the profile', async () => {
    const { page } = browser;
    const { link } = await addMember(page);
    const verifies = countRequests(page, '/api/members/email/verify');
    await page.goto(link.href);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Email Verified!' }).isVisible())
      .toBe(true);
    // React StrictMode runs effects twice in development; the single-use token is sent once.
    await page.waitForTimeout(300);
    verifies.stop();
    expect(verifies.seen).toEqual(['POST']);
    expect(await page.getByRole('link', { name: 'Go to your profile' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The link is single use: opening it again fails.
    await page.goto(link.href);
    await expect
      .poll(() =>
        page.getByRole('heading', { name: 'Oops... We could not verify your email.' }).isVisible(),
      )
      .toBe(true);
    await expect.poll(() => seriousAxeViolations(page)).toEqual([]);
  });

  it('fails for a made-up token', async () => {
    const { page } = browser;
    await page.goto(`${server.origin}/verify-email/not-a-real-token`);
    await expect
      .poll(() => page.getByText('Oops... We could not verify your email.').isVisible())
      .toBe(true);
  });

  it('an unverified member resends the email from the profile and verifies while signed in', async () => {
    const { page } = browser;
    const member = await addMember(page);
    await signIn(page, member);
    await page.goto(`${server.origin}/profile`);
    const resend = page.getByRole('button', { name: 'Resend verification email' });
    await expect.poll(() => resend.isVisible()).toBe(true);
    await resend.click();
    await expect
      .poll(() =>
        page.getByText(`We sent a new verification email to ${member.email}.`).isVisible(),
      )
      .toBe(true);
    const link = linkIn(await smtp.waitFor(member.email));
    await page.goto(link.href);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Email Verified!' }).isVisible())
      .toBe(true);
    await page.getByRole('link', { name: 'Go to your profile' }).click();
    await page.waitForURL(`${server.origin}/profile`);
    await expect
      .poll(() => page.getByText(member.email, { exact: true }).first().isVisible())
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Resend verification email' }).count()).toBe(0);
  });
});

describe('reset password (/reset-password/:token)', () => {
  it('shows the failure text for a link that is not valid', async () => {
    const { page } = browser;
    await page.goto(`${server.origin}/reset-password/not-a-real-token`);
    await expect
      .poll(() => page.getByText('Something is not right, we are looking into it.').isVisible())
      .toBe(true);
    expect(await page.getByLabel(/^New password/).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('asks for a long enough password, signs in, and the used link fails afterwards', async () => {
    const { page } = browser;
    const member = await buildMember(server.app, { role: 'client' });
    const forgot = await page.request.post(`${server.origin}/api/forgot`, {
      data: { username: member.email },
    });
    expect(forgot.status()).toBe(200);
    const link = linkIn(await smtp.waitFor(member.email));

    await page.goto(link.href);
    const field = page.getByLabel(/^New password/);
    await expect.poll(() => field.isVisible()).toBe(true);
    await expect.poll(() => page.getByText(`for ${member.email}`).isVisible()).toBe(true);
    await expect.poll(() => seriousAxeViolations(page)).toEqual([]);
    await field.fill('short');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect
      .poll(() => page.getByText('Password must be at least 8 characters').isVisible())
      .toBe(true);
    await field.fill('another-new-password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL(`${server.origin}/profile`);
    await expect.poll(() => page.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);

    await browser.context.clearCookies();
    await page.goto(link.href);
    await expect
      .poll(() => page.getByText('Something is not right, we are looking into it.').isVisible())
      .toBe(true);
  });

  it('shows the failure text when saving fails', async () => {
    const { page } = browser;
    const member = await buildMember(server.app, { role: 'staff' });
    await page.request.post(`${server.origin}/api/forgot`, { data: { username: member.email } });
    const link = linkIn(await smtp.waitFor(member.email));
    await page.goto(link.href);
    await expect.poll(() => page.getByLabel(/^New password/).isVisible()).toBe(true);
    // The link gets used elsewhere (another tab) while this page is open.
    const token = link.pathname.split('/').pop()!;
    const other = await page.request.post(`${server.origin}/api/reset/${token}`, {
      data: { username: member.email, newPassword: 'used-elsewhere' },
    });
    expect(other.status()).toBe(200);
    await page.getByLabel(/^New password/).fill('too-late-password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Something is not right, we are looking into it.');
    expect(new URL(page.url()).pathname).toBe(link.pathname);
  });
});
