import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildMember } from '../factories/members.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { useBrowserSuite } from '../helpers/e2e-suite.ts';

const { server, mobile: browser } = useBrowserSuite({ desktop: false, clearCookies: false });

async function expectAbout(page: Page) {
  await expect
    .poll(() => page.getByRole('heading', { level: 1, name: 'About Yardkeep' }).isVisible())
    .toBe(true);
  const text = await page.getByRole('main').innerText();
  expect(text).toContain(
    'inventory tracker for a construction studio that designs and builds temporary structures and technical installations',
  );
  expect(text).toMatch(/QR label/);
  expect(text).toMatch(/Scanning a label/);
}

describe('about (/about)', () => {
  it('is public: anonymous visitors read it without signing in', async () => {
    const { page } = browser;
    await page.goto(`${server.origin}/about`);
    await expectAbout(page);
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('reads the same for each signed-in role', async () => {
    const { page } = browser;
    for (const role of ['client', 'staff', 'admin'] as const) {
      await browser.context.clearCookies();
      const member = await buildMember(server.app, { role });
      const res = await page.request.post(`${server.origin}/api/login`, {
        data: { username: member.email, password: member.password },
      });
      expect(res.status()).toBe(200);
      await page.goto(`${server.origin}/about`);
      await expectAbout(page);
    }
  });
});
