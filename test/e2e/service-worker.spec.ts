import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildComponent } from '../factories/components.ts';
import { buildItem } from '../factories/items.ts';
import { buildLabel } from '../factories/labels.ts';
import { buildManifest, buildRequirement } from '../factories/manifests.ts';
import { buildMember } from '../factories/members.ts';
import { openBrowser, startServer, type Browser, type RunningServer } from '../helpers/browser.ts';
import { openBrowserWithCamera } from '../helpers/camera.ts';
import { BUILD_META, copyWebBuild, openInstalled, type DeployedWeb } from '../helpers/deploy.ts';
import { signIn } from '../helpers/e2e-suite.ts';
import { qrLabelPng } from '../helpers/qr.ts';

// The installed app's life cycle: Chromium's own installability checks, a deploy while the
// app is open (offered, never forced, never during a scan session, no stale page after one
// reload), and the service worker's copies of API answers kept apart per member.

let server: RunningServer;
let web: DeployedWeb;
const opened: Browser[] = [];

beforeAll(async () => {
  // A copy of the build, so the test can deploy a new release over it.
  web = copyWebBuild();
  server = await startServer({ WEB_DIST: web.dir });
});
afterAll(async () => {
  for (const browser of opened) await browser.close();
  await server?.close();
  web?.remove();
});

async function browserFor(open: Promise<Browser>): Promise<Browser> {
  const browser = await open;
  opened.push(browser);
  return browser;
}

const installed = (page: Page, path: string) => openInstalled(page, `${server.origin}${path}`);

const buildOf = (page: Page) =>
  page.evaluate(
    (name) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? 'first',
    BUILD_META,
  );

const apiCaches = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('yk-api-')).sort());

/** Every URL and body in a member's API cache on the phone. */
const cachedAnswers = (page: Page, userId: string) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const cache = await caches.open(name);
    const out: { url: string; body: string }[] = [];
    for (const request of await cache.keys()) {
      out.push({ url: request.url, body: (await (await cache.match(request))!.text()) ?? '' });
    }
    return out;
  }, `yk-api-${userId}`);

describe('installable', () => {
  it("passes Chromium's own installability checks (those Lighthouse runs), which do catch a broken manifest", async () => {
    // The check can fail: the same app with a manifest that has no icons is refused.
    const broken = await browserFor(openBrowser());
    await broken.context.route('**/manifest.webmanifest', async (route) => {
      const manifest = (await (await route.fetch()).json()) as Record<string, unknown>;
      await route.fulfill({ json: { ...manifest, icons: [] } });
    });
    await broken.page.goto(`${server.origin}/about`);
    const brokenCdp = await broken.context.newCDPSession(broken.page);
    const refused = await brokenCdp.send('Page.getInstallabilityErrors');
    expect(refused.installabilityErrors.map((e) => e.errorId)).toContain(
      'manifest-missing-suitable-icon',
    );

    const { page, context } = await browserFor(
      openBrowser({ viewport: { width: 375, height: 667 } }),
    );
    await installed(page, '/about');
    const cdp = await context.newCDPSession(page);
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(`${server.origin}/manifest.webmanifest`);
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data!) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'Yardkeep',
      start_url: '/',
      display: 'standalone',
      theme_color: '#1f2a37',
    });
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    for (const [sizes, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['192x192', 'maskable'],
      ['512x512', 'maskable'],
    ]) {
      const icon = icons.find((i) => i.sizes === sizes && i.purpose === purpose);
      expect(icon, `${sizes} ${purpose}`).toBeDefined();
      const png = await page.request.get(`${server.origin}${icon!.src}`);
      expect(png.headers()['content-type']).toBe('image/png');
    }
    // The worker is asked for afresh on every check, and precaches the scanner's decoder.
    const sw = await page.request.get(`${server.origin}/sw.js`);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    expect(await sw.text()).toMatch(/zxing_reader-[\w-]+\.wasm/);
    // Writes go to the network without waking the worker (Chromium's static routing).
    await page.evaluate(async () => (await fetch('/api/logout', { method: 'POST' })).text());
    const routedBy = () =>
      page.evaluate(() => {
        const entries = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith('/api/logout'));
        return (entries.at(-1) as { workerFinalSourceType?: string } | undefined)
          ?.workerFinalSourceType;
      });
    await expect.poll(routedBy).toBe('network');
  });
});

describe('a deploy while the app is open', () => {
  it('offers the new version only after the scan session, never forces it, and serves the new page on the first reload', async () => {
    const staff = await buildMember(server.app, { role: 'staff' });
    const panel = await buildComponent(server.app, { name: 'Panel' });
    const truck = await buildManifest(server.app, { name: 'Truck one' });
    await buildRequirement(server.app, truck.id, panel.id, 1);
    const item = await buildItem(server.app, { name: 'Panel A', component_id: panel.id });
    const label = await buildLabel(server.app, { item_id: item.id });
    const png = await qrLabelPng(`${server.origin}/scan/${label.id}`, { size: 280 });
    const { page, context } = await browserFor(
      openBrowserWithCamera(png, { viewport: { width: 375, height: 667 } }),
    );
    await signIn(page, server.origin, staff);
    await installed(page, `/manifests/${truck.id}`);
    expect(await buildOf(page)).toBe('first');

    // Packing: the camera films the label and the item is packed.
    await page.getByRole('button', { name: 'Start packing' }).click();
    const packing = page.getByRole('dialog', { name: 'Packing Truck one' });
    await expect
      .poll(() => packing.getByTestId('packing-total').textContent(), { timeout: 30_000 })
      .toBe('1 of 1 packed · 0 missing');
    await page.evaluate(() => ((window as { session?: string }).session = 'this page'));

    // A new release is deployed; the app looks for it when the member comes back to it.
    web.deploy('second');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect
      .poll(() =>
        page.evaluate(
          async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state,
        ),
      )
      .toBe('installed');
    // The page holds the offer back (looked at over a few frames after the page heard of
    // the new worker): the scan session goes on, on the same page and version.
    const offer = page.getByRole('button', { name: 'Update available — reload' });
    for (let frame = 0; frame < 5; frame++) {
      await page.evaluate(
        () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))),
      );
      expect(await offer.count()).toBe(0);
    }
    expect(await packing.isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as { session?: string }).session)).toBe('this page');
    expect(await buildOf(page)).toBe('first');

    // The session is over: the offer appears, and nothing happens until it is taken.
    await page.getByRole('button', { name: 'Close packing mode' }).click();
    await expect.poll(() => offer.isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as { session?: string }).session)).toBe('this page');

    // One reload, even without taking it, shows the new page (never a stale index.html) ...
    await page.reload();
    expect(await buildOf(page)).toBe('second');
    // ... and the offer is still there for the new worker.
    await expect.poll(() => offer.isVisible()).toBe(true);
    const shells = () =>
      page.evaluate(async () =>
        (await caches.keys()).filter((k) => k.startsWith('yk-shell-')).sort(),
      );
    // Both releases are on the phone: the running one and the one waiting.
    const [oldShell, newShell] = await shells();
    expect(newShell).toBe(`${oldShell}-second`);

    // Taken: the new worker takes over, the page reloads once, the old shell is gone.
    await offer.click();
    await expect.poll(() => shells()).toEqual([newShell]);
    await expect.poll(() => offer.count()).toBe(0);
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting),
    ).toBeNull();

    // Offline, the phone opens the release it now holds.
    await context.setOffline(true);
    await page.reload();
    expect(await buildOf(page)).toBe('second');
    await expect
      .poll(() => page.getByTestId('offline-banner').textContent())
      .toBe('offline — showing what this phone last saw');
    await context.setOffline(false);
  });
});

describe("one member's copies", () => {
  it('are never kept for, nor shown to, the next member on the same phone', async () => {
    const first = await buildMember(server.app, { role: 'staff' });
    const second = await buildMember(server.app, { role: 'client' });
    const crate = await buildItem(server.app, { name: 'Secret crate' });
    const { page, context } = await browserFor(
      openBrowser({ viewport: { width: 375, height: 667 } }),
    );

    // The first member looks at an item: the phone keeps that answer, in their own cache.
    await signIn(page, server.origin, first);
    await installed(page, '/profile');
    await page.goto(`${server.origin}/items/${crate.id}`);
    await page.getByRole('heading', { name: 'Secret crate' }).waitFor();
    await expect.poll(() => apiCaches(page)).toEqual([`yk-api-${first.id}`]);
    await expect
      .poll(async () => (await cachedAnswers(page, first.id)).some((a) => a.url.includes(crate.id)))
      .toBe(true);

    // Another member's session arrives before the page says who is in (their first
    // answers): the worker keeps none of them under the first member's name, and forgets
    // the first member's copies at once (their session on this phone is over).
    await signIn(page, server.origin, second);
    const secondMe = await page.evaluate(async () => (await fetch('/api/members')).json());
    expect(secondMe.id).toBe(second.id);
    await expect.poll(() => apiCaches(page)).toEqual([]);
    expect(await cachedAnswers(page, first.id)).toEqual([]);

    // Back to the first member, who signs out: every copy goes.
    await signIn(page, server.origin, first);
    await page.goto(`${server.origin}/profile`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => page.url()).toContain('/login');
    await expect.poll(() => apiCaches(page)).toEqual([]);

    // The second member signs in on the same phone, with the login form.
    // By role: the profile's "Daily digest" switch also has "email" in its label.
    await page.getByRole('textbox', { name: 'Email' }).fill(second.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(second.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.url()).not.toContain('/login');
    await expect.poll(() => apiCaches(page)).toEqual([`yk-api-${second.id}`]);

    // Offline, the first member's item (which this member never opened) shows nothing of it:
    // the phone has no copy of it for them.
    await context.setOffline(true);
    await page.goto(`${server.origin}/items/${crate.id}`);
    await page.getByTestId('offline-banner').waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('body').innerText()).not.toContain('Secret crate');
    const phone = await cachedAnswers(page, second.id);
    expect(
      phone.filter((a) => a.body.includes('Secret crate') || a.url.includes(crate.id)),
    ).toEqual([]);
    expect(phone.find((a) => a.url.endsWith('/api/members'))?.body).toContain(second.id);
    await context.setOffline(false);
  });
});
