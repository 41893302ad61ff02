import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildItem } from '../factories/items.ts';
import { buildManifest } from '../factories/manifests.ts';
import { buildMember } from '../factories/members.ts';
import {
  gotoWhileAppMayLeave,
  openBrowser,
  startServer,
  type Browser,
  type RunningServer,
} from '../helpers/browser.ts';
import { openInstalled } from '../helpers/deploy.ts';
import { signIn } from '../helpers/e2e-suite.ts';
import { putBack, queuedPackingScan, queueOf } from '../helpers/offline-queue.ts';
import { changePassword } from '../../src/server/modules/members/members.service.ts';

// The phone's session and its offline copies: signing out with scans waiting, and a member
// revoked while the phone was away (docs/decisions.md, "A revoked phone forgets its member").
// No camera here: these run beside the other browser specs (the camera specs run alone).

let server: RunningServer;
let browser: Browser | undefined;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The members whose API answers the phone keeps (service worker caches). */
const memberCaches = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('yk-api-')));

describe('offline: the phone and its member', () => {
  it('signing out warns about unsynced scans, then clears the queue and the copies', async () => {
    const staff = await buildMember(server.app, { role: 'staff' });
    const manifest = await buildManifest(server.app, { name: 'Van' });
    await browser?.close();
    browser = await openBrowser({ viewport: { width: 375, height: 667 } });
    const { page, context } = browser;
    const res = await page.request.post(`${server.origin}/api/login`, {
      data: { username: staff.email, password: staff.password },
    });
    expect(res.status()).toBe(200);
    await page.goto(`${server.origin}/profile`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await expect
      .poll(() =>
        page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('yk-api-'))),
      )
      .toHaveLength(1);

    // A scan waits on the phone (offline, so it is not sent meanwhile).
    await context.setOffline(true);
    await putBack(page, [
      queuedPackingScan(staff.id, manifest, { id: 'SOMEITEM', name: 'SOMEITEM' }),
    ]);
    await page.reload();
    await page.getByRole('button', { name: 'Logout' }).click();
    const warning = page.getByRole('dialog', { name: 'Scans not synced' });
    await expect.poll(() => warning.isVisible()).toBe(true);
    expect(await warning.innerText()).toContain(
      '1 scan on this phone has not been synced. Signing out deletes it from this phone.',
    );
    await warning.getByRole('button', { name: 'Keep them' }).click();
    expect(await queueOf(page)).toHaveLength(1);

    await context.setOffline(false);
    // (Online again, the scan would sync: sign out before the next attempt.)
    await page.getByRole('button', { name: 'Logout' }).click();
    await warning.getByRole('button', { name: 'Sign out and delete' }).click();
    await expect.poll(() => page.url()).toContain('/login');
    await expect.poll(() => queueOf(page)).toEqual([]);
    expect(
      await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('yk-api-'))),
    ).toEqual([]);
  });

  it('a phone whose member was revoked forgets their copies at the first 401, warns about their scans before anyone else signs in, and shows none of it offline', async () => {
    const admin = await buildMember(server.app, { role: 'admin' });
    const clientB = await buildMember(server.app, {
      role: 'client',
      email: `clientb-${crypto.randomUUID().slice(0, 8)}@rt.test`,
    });
    const colleague = await buildMember(server.app, { role: 'staff' });
    const crate = await buildItem(server.app, {
      name: 'Crate of client B',
      client_id: clientB.client_id!,
    });
    await browser?.close();
    browser = await openBrowser({ viewport: { width: 375, height: 667 } });
    const { page, context } = browser;
    const apiCaches = () => memberCaches(page);
    const bodyText = () => page.locator('body').innerText();

    // B uses the phone: the worker keeps B's answers (their record and their crate).
    await signIn(page, server.origin, clientB);
    await openInstalled(page, `${server.origin}/`);
    await page.goto(`${server.origin}/items/${crate.id}`);
    await page.getByRole('heading', { name: 'Crate of client B' }).waitFor();
    expect(await bodyText()).toContain(clientB.email);
    await expect.poll(() => apiCaches()).toEqual([`yk-api-${clientB.id}`]);
    // One of B's scans waits on the phone (made offline, not sent yet).
    await context.setOffline(true);
    await putBack(page, [
      queuedPackingScan(
        clientB.id,
        { id: 'SOMEMANIFEST', name: 'Truck of client B' },
        {
          id: crate.id,
          name: 'Crate of client B',
        },
      ),
    ]);

    // An admin resets B's password, which ends B's sessions. Nobody signs out on the phone.
    await changePassword(server.app, clientB.id, `pw-${crypto.randomUUID()}`, admin);
    await context.setOffline(false);
    // The next read the server refuses (401) deletes B's copies: the worker does it itself,
    // the page's code takes no part in this read. (A live read: until the worker's network
    // is back too, it fails instead.)
    const liveRead = () =>
      page.evaluate(async () => {
        try {
          return (await fetch('/api/members', { cache: 'no-store' })).status;
        } catch {
          return 'no answer';
        }
      });
    await expect.poll(liveRead).toBe(401);
    await expect.poll(() => apiCaches()).toEqual([]);

    // The app, opened again, asks for a sign-in and warns first: B's scan is kept for B,
    // and signing in as anyone else deletes it. Nothing of B is shown. (The app may be
    // loading /login itself already: it saw the 401 too.)
    await gotoWhileAppMayLeave(page, `${server.origin}/`);
    await expect.poll(() => page.url()).toContain('/login');
    const warning = page.getByTestId('unsent-scans');
    await warning.waitFor();
    expect(await warning.innerText()).toContain(
      '1 scan made on this phone has not been synced, and the session that made it has ended. Sign in again as the member who made it to send it. Signing in as anyone else deletes it from this phone.',
    );
    expect(await bodyText()).not.toContain(clientB.email);
    expect(await queueOf(page)).toHaveLength(1);

    // Offline now, the phone shows nothing of B: no email, no crate, no copy to answer with.
    await context.setOffline(true);
    for (const path of ['/', `/items/${crate.id}`]) {
      await page.goto(`${server.origin}${path}`);
      await page.getByTestId('offline-banner').or(page.getByRole('heading')).first().waitFor();
      const text = await bodyText();
      expect(text).not.toContain(clientB.email);
      expect(text).not.toContain('Crate of client B');
    }
    const copy = await page.evaluate(async () => {
      try {
        return (await fetch('/api/members')).status;
      } catch {
        return 'no answer';
      }
    });
    expect(copy).toBe('no answer');
    expect(await apiCaches()).toEqual([]);

    // Another member signs in on the phone (the warning was on the sign-in page): B's scan
    // is deleted, and the phone says so without showing what it was.
    await context.setOffline(false);
    await page.goto(`${server.origin}/login`);
    await warning.waitFor();
    await page.getByLabel('Email').fill(colleague.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(colleague.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.url()).not.toContain('/login');
    await expect.poll(() => queueOf(page)).toEqual([]);
    await page
      .getByText('1 unsynced scan of the member signed in before was deleted from this phone.')
      .waitFor();
    expect(await page.getByTestId('queue-badge').count()).toBe(0);
    await expect.poll(() => apiCaches()).toEqual([`yk-api-${colleague.id}`]);
  });

  it('a phone brought back to the foreground checks its session: revoked meanwhile, it forgets the member and asks for a sign-in', async () => {
    const admin = await buildMember(server.app, { role: 'admin' });
    const staff = await buildMember(server.app, { role: 'staff' });
    const crate = await buildItem(server.app, { name: 'Crate seen before' });
    await browser?.close();
    browser = await openBrowser({ viewport: { width: 375, height: 667 } });
    const { page } = browser;
    await signIn(page, server.origin, staff);
    await openInstalled(page, `${server.origin}/`);
    await page.goto(`${server.origin}/items/${crate.id}`);
    await page.getByRole('heading', { name: 'Crate seen before' }).waitFor();
    await expect.poll(() => memberCaches(page)).toEqual([`yk-api-${staff.id}`]);

    // The phone lies in a pocket while an admin resets the password; the page asks nothing.
    await changePassword(server.app, staff.id, `pw-${crypto.randomUUID()}`, admin);
    // Taken out again: the app asks who is signed in, forgets the member's copies before it
    // can go offline, and asks for a sign-in that leads back to the item.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect
      .poll(() => page.url())
      .toContain(`/login?redirect=${encodeURIComponent(`/items/${crate.id}`)}`);
    await expect.poll(() => memberCaches(page)).toEqual([]);
  });
});
