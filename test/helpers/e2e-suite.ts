import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, startServer, type Browser, type RunningServer } from './browser.ts';

/** The size the mobile browser opens at. */
export const MOBILE_VIEWPORT = { width: 375, height: 667 } as const;

export interface BrowserSuiteOptions {
  /** Open a desktop browser (1280x800). Default true. */
  desktop?: boolean;
  /** Open a mobile browser (375x667). Default true. */
  mobile?: boolean;
  /**
   * Extra server environment. A function is called in beforeAll, after the spec's own
   * earlier beforeAll hooks, for values known only then (e.g. a test SMTP server's URL).
   */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Clear the browsers' cookies before each test. Default true. */
  clearCookies?: boolean;
}

export interface BrowserSuite {
  server: RunningServer;
  desktop: Browser;
  mobile: Browser;
  /** Signs the member in on this suite's server (see `signIn`). */
  signIn(page: Page, member: { email: string; password: string }): Promise<void>;
}

/**
 * The shared setup of a browser spec: registers a beforeAll that starts the server and
 * opens the browsers, an afterAll that closes them, and (unless `clearCookies: false`)
 * a beforeEach that clears the browsers' cookies. Call it once, at the top of the file.
 *
 * `server`, `desktop` and `mobile` are placeholders that beforeAll fills in (their fields
 * are copied in), so they may be destructured at once but read only in hooks and tests:
 *
 *     const { server, desktop, mobile, signIn } = useBrowserSuite();
 *
 * A browser turned off in the options stays an empty placeholder. Hooks run in the order
 * they are registered (after hooks in reverse), so a beforeAll registered before this call
 * runs first, e.g. to start something whose address goes into `env`.
 */
export function useBrowserSuite(options: BrowserSuiteOptions = {}): BrowserSuite {
  const { desktop: wantDesktop = true, mobile: wantMobile = true, clearCookies = true } = options;
  const suite: BrowserSuite = {
    server: {} as RunningServer,
    desktop: {} as Browser,
    mobile: {} as Browser,
    signIn: (page, member) => signIn(page, suite.server.origin, member),
  };
  let server: RunningServer | undefined;
  const browsers: Browser[] = [];

  beforeAll(async () => {
    const env = typeof options.env === 'function' ? options.env() : options.env;
    server = await startServer(env);
    Object.assign(suite.server, server);
    if (wantDesktop) {
      const desktop = await openBrowser();
      browsers.push(desktop);
      Object.assign(suite.desktop, desktop);
    }
    if (wantMobile) {
      const mobile = await openBrowser({ viewport: MOBILE_VIEWPORT });
      browsers.push(mobile);
      Object.assign(suite.mobile, mobile);
    }
  });
  afterAll(async () => {
    for (const browser of browsers) await browser.close();
    await server?.close();
  });
  if (clearCookies) {
    beforeEach(async () => {
      for (const browser of browsers) await browser.context.clearCookies();
    });
  }
  return suite;
}

/** Signs the member in through the real login route, in the page's browser context. */
export async function signIn(
  page: Page,
  origin: string,
  member: { email: string; password: string },
): Promise<void> {
  const res = await page.request.post(`${origin}/api/login`, {
    data: { username: member.email, password: member.password },
  });
  expect(res.status()).toBe(200);
}
