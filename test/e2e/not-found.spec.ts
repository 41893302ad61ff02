import { describe, expect, it } from 'vitest';
import { buildMember } from '../factories/members.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { useBrowserSuite } from '../helpers/e2e-suite.ts';

const { server, desktop: browser } = useBrowserSuite({ mobile: false, clearCookies: false });

describe('any other path', () => {
  it('shows Not Found with a Go home link, for anonymous visitors too', async () => {
    const { page } = browser;
    await page.goto(`${server.origin}/no/such/page?x=1`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Not Found' }).isVisible())
      .toBe(true);
    const home = page.getByRole('link', { name: 'Go home' });
    expect(await home.getAttribute('href')).toBe('/');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Home needs sign-in, so an anonymous visitor goes on to the login page.
    await home.click();
    await page.waitForURL(/\/login\?redirect=/);
  });

  it('Go home takes a signed-in member to the inventory', async () => {
    const { page } = browser;
    const staff = await buildMember(server.app, { role: 'staff' });
    await page.request.post(`${server.origin}/api/login`, {
      data: { username: staff.email, password: staff.password },
    });
    await page.goto(`${server.origin}/items`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Not Found' }).isVisible())
      .toBe(true);
    await page.getByRole('link', { name: 'Go home' }).click();
    await page.waitForURL(`${server.origin}/`);
  });
});
