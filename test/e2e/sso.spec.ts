import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../factories/members.ts';
import { useBrowserSuite } from '../helpers/e2e-suite.ts';
import { providerEnv, startOidcProvider, type TestProvider } from '../helpers/oidc.ts';
import { freePort } from '../helpers/server-process.ts';
import { SSO_ERRORS } from '../../src/common/sso.ts';

// The provider's port is chosen first so the app can name its issuer; the provider itself
// starts once the app's origin (its callback) is known.
let providerPort = 0;
let provider: TestProvider | undefined;
beforeAll(async () => {
  providerPort = await freePort();
});
const { server, mobile: browser } = useBrowserSuite({
  desktop: false,
  env: () => providerEnv(`http://127.0.0.1:${providerPort}`),
});
beforeAll(async () => {
  provider = await startOidcProvider({
    port: providerPort,
    redirectUris: [`${server.origin}/sso/callback`],
  });
});
afterAll(async () => {
  await provider?.stop();
});

describe('single sign-on in Chromium: the whole redirect dance', () => {
  it('a member signs in at the provider and lands on the page the sign-in page was asked for', async () => {
    const { page } = browser;
    const member = await buildMember(server.app, { email: 'rigger@studio.test' });
    await page.goto(`${server.origin}/login?redirect=%2Fmanifests`);
    await page.getByRole('link', { name: 'Sign in with Studio ID' }).click();
    await page.waitForURL(new RegExp(`^http://127\\.0\\.0\\.1:${providerPort}/`));
    await page.locator('input[name="login"]').fill(member.email);
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(`${server.origin}/manifests`);
    await expect.poll(() => page.getByText(member.email).first().isVisible()).toBe(true);
  });

  it('an email with no account comes back to the sign-in page, which says why', async () => {
    const { page } = browser;
    await page.goto(`${server.origin}/login`);
    await page.getByRole('link', { name: 'Sign in with Studio ID' }).click();
    await page.locator('input[name="login"]').fill('nobody@studio.test');
    await page.locator('input[name="password"]').fill('anything');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/login\?sso_error=unknown_member/);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain(SSO_ERRORS.unknown_member);
  });
});
