import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildComponent } from '../factories/components.ts';
import { buildItem } from '../factories/items.ts';
import { buildLabel } from '../factories/labels.ts';
import { buildManifest, buildRequirement } from '../factories/manifests.ts';
import { buildMember } from '../factories/members.ts';
import { openBrowser, startServer, type Browser, type RunningServer } from '../helpers/browser.ts';
import { fakeCameraArgs, openBrowserWithCamera, y4mSequence } from '../helpers/camera.ts';
import { openInstalled } from '../helpers/deploy.ts';
import { signIn } from '../helpers/e2e-suite.ts';
import { qrLabelPng } from '../helpers/qr.ts';
import { putBack, queueOf } from '../helpers/offline-queue.ts';
import { allocate } from '../../src/server/modules/items/allocation.service.ts';

// Working in a dead zone: the app installed by a first visit online opens offline, packing
// mode queues scans on the phone, and the queue syncs once when the network returns.

let server: RunningServer;
let browser: Browser | undefined;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-offline-'));

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const manifestOf = async (id: string) =>
  (
    await server.app.db
      .selectFrom('items')
      .select('manifest_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).manifest_id;

const allocations = async (itemId: string) =>
  Number(
    (
      await server.app.db
        .selectFrom('activity')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('source_id', '=', itemId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('offline', () => {
  it('opens offline, queues packing scans with local counts, syncs them once, and asks about a conflict', async () => {
    const staff = await buildMember(server.app, { role: 'staff' });
    const panel = await buildComponent(server.app, { name: 'Panel' });
    const truck = await buildManifest(server.app, { name: 'Truck one' });
    const other = await buildManifest(server.app, { name: 'Truck two' });
    await buildRequirement(server.app, truck.id, panel.id, 3);
    const items = [];
    const codes = [];
    for (const name of ['Panel A', 'Panel B', 'Panel C']) {
      const item = await buildItem(server.app, { name, component_id: panel.id });
      items.push(item);
      codes.push((await buildLabel(server.app, { item_id: item.id })).id);
    }
    const [a, b, c] = items;

    const pngs = await Promise.all(
      codes.map((code) => qrLabelPng(`${server.origin}/scan/${code}`, { size: 280 })),
    );
    const video = await y4mSequence(tmp, pngs, { showS: 2.5, blankS: 0.8, leadS: 2 });
    browser = await openBrowser({
      viewport: { width: 375, height: 667 },
      args: fakeCameraArgs(video),
    });
    const { page, context } = browser;
    await signIn(page, server.origin, staff);
    // First visit online: the service worker installs and takes the page.
    await openInstalled(page, `${server.origin}/`);
    // The crew looked at the three items earlier (the phone keeps what it saw), then the manifest.
    for (const item of items) {
      const labelsSeen = page.waitForResponse((r) => r.url().endsWith(`/items/${item.id}/labels`));
      await page.goto(`${server.origin}/items/${item.id}`);
      await labelsSeen;
    }
    await page.goto(`${server.origin}/manifests/${truck.id}`);
    await expect
      .poll(() => page.getByTestId('requirements-summary').textContent())
      .toBe('0 of 3 packed, 3 missing');

    // The dead zone. The app reloaded offline still opens the manifest, from the phone's copy.
    await context.setOffline(true);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('offline-banner').textContent())
      .toBe('offline — showing what this phone last saw');
    await expect
      .poll(() => page.getByTestId('requirements-summary').textContent())
      .toBe('0 of 3 packed, 3 missing');
    // Those answers are the service worker's copy: the network is really gone for it too.
    const copy = await page.evaluate(async (id) => {
      const r = await fetch(`/api/inventory/manifests/${id}/requirements`);
      return r.headers.get('X-Yardkeep-Offline-Copy');
    }, truck.id);
    expect(copy).not.toBeNull();

    // Pack three items offline: each is queued at once and counted from the cached data.
    await page.getByRole('button', { name: 'Start packing' }).click();
    const packing = page.getByRole('dialog', { name: 'Packing Truck one' });
    await expect.poll(() => packing.isVisible()).toBe(true);
    await expect
      .poll(() => packing.getByTestId('queue-badge').getAttribute('data-queued'), {
        timeout: 30_000,
      })
      .toBe('3');
    await packing.getByRole('button', { name: 'Pause' }).click();
    expect(await packing.getByTestId('scan-result').innerText()).toContain('Queued — will sync');
    await expect
      .poll(() => packing.getByTestId('packing-total').textContent())
      .toBe('3 of 3 packed · 0 missing');
    const queued = await queueOf(page);
    expect(queued.map((q) => (q.item as { name: string }).name)).toEqual([
      'Panel A',
      'Panel B',
      'Panel C',
    ]);
    expect(new Set(queued.map((q) => q.key)).size).toBe(3);
    // Nothing reached the server.
    expect(await manifestOf(a!.id)).toBeNull();

    // Meanwhile someone else puts Panel C on another truck.
    const colleague = await buildMember(server.app, { role: 'staff' });
    await allocate(server.app, { id: c!.id, manifest_id: other.id }, colleague);

    // The network returns: the queue is sent; A and B are packed, C waits for a decision.
    const sent: { key: string; body: string }[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/inventory/allocate')) {
        sent.push({ key: r.headers()['idempotency-key'] ?? '', body: r.postData() ?? '' });
      }
    });
    await context.setOffline(false);
    await expect
      .poll(() => packing.getByTestId('queue-badge').getAttribute('data-decisions'), {
        timeout: 20_000,
      })
      .toBe('1');
    expect(await packing.getByTestId('queue-badge').getAttribute('data-queued')).toBe('0');
    expect(await manifestOf(a!.id)).toBe(truck.id);
    expect(await manifestOf(b!.id)).toBe(truck.id);
    expect(await manifestOf(c!.id)).toBe(other.id);
    const activityA = await allocations(a!.id);
    const activityB = await allocations(b!.id);

    // Replaying the same queue twice changes nothing: no new activity, no new allocation.
    const synced = queued
      .slice(0, 2)
      .map((q) => ({ ...q, state: 'queued', problem: null }) as Record<string, unknown>);
    for (let round = 0; round < 2; round++) {
      await putBack(page, synced);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect
        .poll(async () => (await queueOf(page)).filter((q) => q.state === 'queued').length)
        .toBe(0);
    }
    // The very writes the phone sent, sent again with their keys: the first answers.
    expect(sent.map((r) => r.key)).toEqual(synced.map((q) => q.key));
    for (const request of sent) {
      const again = await page.request.post(`${server.origin}/api/inventory/allocate`, {
        headers: {
          'Idempotency-Key': request.key,
          'Content-Type': 'application/json',
          Origin: server.origin,
        },
        data: request.body,
      });
      expect(again.status()).toBe(200);
      expect(again.headers()['idempotent-replayed']).toBe('true');
    }
    expect(await allocations(a!.id)).toBe(activityA);
    expect(await allocations(b!.id)).toBe(activityB);

    // The conflict is shown with the choices the online flow offers, and nothing was applied.
    // (Dispatched: the "synced" notices may still cover the badge for a few seconds.)
    await packing.getByTestId('queue-badge').dispatchEvent('click');
    const decision = page.getByTestId('decision');
    await expect.poll(() => decision.isVisible()).toBe(true);
    expect(await decision.innerText()).toContain(
      'Panel C is on Truck two now. Move it to Truck one?',
    );
    await decision.getByRole('button', { name: 'Move here' }).click();
    await expect.poll(() => manifestOf(c!.id)).toBe(truck.id);
  });

  it("the header scanner offline opens a label's item from the phone's copy, explains what it cannot do, and comes back without an `online` event", async () => {
    const staff = await buildMember(server.app, { role: 'staff' });
    const crate = await buildItem(server.app, { name: 'Crate 0321' });
    const onCrate = await buildLabel(server.app, { item_id: crate.id });
    const unseen = await buildLabel(server.app, {});
    const free = await buildLabel(server.app, {});
    await browser?.close();
    const png = await qrLabelPng(`${server.origin}/scan/${onCrate.id}`, { size: 280 });
    browser = await openBrowserWithCamera(png, { viewport: { width: 375, height: 667 } });
    const { page, context } = browser;
    // Some browsers never say `online` when a dead zone ends (Chromium 150 did not, here):
    // this page hears no `online` at all, so it must notice the network by itself.
    await context.addInitScript(() => {
      window.addEventListener('online', (event) => event.stopImmediatePropagation(), {
        capture: true,
      });
    });
    await signIn(page, server.origin, staff);
    await openInstalled(page, `${server.origin}/`);
    const heardOnline = await page.evaluate(() => {
      let heard = false;
      window.addEventListener('online', () => (heard = true));
      window.dispatchEvent(new Event('online'));
      return heard;
    });
    expect(heardOnline).toBe(false);
    // Online, the phone saw the crate (with its labels) and, while syncing, the free label.
    const labelsSeen = page.waitForResponse((r) => r.url().endsWith(`/items/${crate.id}/labels`));
    await page.goto(`${server.origin}/items/${crate.id}`);
    await labelsSeen;
    await page.evaluate(async (code) => {
      await fetch(`/api/inventory/labels/${code}`, { cache: 'no-store' });
    }, free.id);
    await page.goto(`${server.origin}/about`);

    // Offline, the header scanner reads the crate's label: the crate opens from the copy.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Show QR code and scan' }).click();
    await page.getByRole('button', { name: 'Scan a label' }).click();
    await expect.poll(() => page.url(), { timeout: 30_000 }).toContain(`/items/${crate.id}`);
    await page.getByRole('heading', { name: 'Crate 0321' }).waitFor();
    expect(await page.getByTestId('offline-banner').textContent()).toBe(
      'offline — showing what this phone last saw',
    );

    // Opened offline by the phone's camera app: what the page says, and no create/select.
    const offlineAnswer = async (code: string) => {
      await page.goto(`${server.origin}/scan/${code}`);
      await page.getByTestId('offline-label').waitFor();
      const offered = page.getByRole('button', { name: /^(Create|Select) item$/ });
      expect(await offered.count()).toBe(0);
      return page.getByTestId('offline-label').textContent();
    };
    expect(await offlineAnswer(unseen.id)).toBe(
      'No connection, and this phone has not seen this label before, so it cannot tell what the label is on. Scan it again when you have a signal.',
    );
    // A label the phone last saw free: putting it on an item waits for a connection.
    expect(await offlineAnswer(free.id)).toBe(
      'No connection. When this phone last saw this label it was on no item. Putting a label on an item needs a connection: offline, this phone cannot tell whether someone has used the label since. Scan it again when you have a signal.',
    );

    // The network returns, unannounced: within a few seconds the page has looked again by
    // itself and offers the online choices, and the banner is gone.
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Create item' }).waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('offline-label').count()).toBe(0);
    await expect.poll(() => page.getByTestId('offline-banner').count()).toBe(0);
  });
});
