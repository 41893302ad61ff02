import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buildItem } from '../factories/items.ts';
import { buildLabel } from '../factories/labels.ts';
import { buildMember } from '../factories/members.ts';
import { buildOutJob } from '../factories/round-trip.ts';
import { pngImage } from '../fixtures/images.ts';
import { openBrowser, startServer, type Browser, type RunningServer } from '../helpers/browser.ts';
import { fakeCameraArgs, y4mSequence } from '../helpers/camera.ts';
import { openInstalled } from '../helpers/deploy.ts';
import { signIn } from '../helpers/e2e-suite.ts';
import { qrLabelPng } from '../helpers/qr.ts';
import { queueOf } from '../helpers/offline-queue.ts';
import { updateItem } from '../../src/server/modules/items/items.service.ts';

// The round trip in a dead zone: Return mode and "Fill this container" queue their scans on
// the phone without a network, count them at once, and apply each once when it returns.

let server: RunningServer;
let browser: Browser | undefined;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-offline-rt-'));

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const itemRow = (id: string) =>
  server.app.db
    .selectFrom('items')
    .select(['manifest_id', 'container_id', 'condition'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const count = async (table: 'activity' | 'images', column: string, id: string, action?: string) => {
  let query = server.app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where(column as never, '=', id as never);
  if (action) query = query.where('action' as never, '=', action as never);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

declare global {
  interface Window {
    keptScans?: unknown[];
  }
}
/** In the page: keeps the queue's rows in memory (Blobs survive; page.evaluate's JSON would not). */
const keepCopy = () =>
  new Promise<void>((resolve, reject) => {
    const open = indexedDB.open('yardkeep-offline', 1);
    open.onsuccess = () => {
      const req = open.result.transaction('scans').objectStore('scans').getAll();
      req.onsuccess = () => resolve(void (window.keptScans = req.result));
      req.onerror = () => reject(req.error);
    };
  });
/** In the page: puts the kept rows back into the queue, as a phone restored from a backup. */
const replay = () =>
  new Promise<void>((resolve, reject) => {
    const open = indexedDB.open('yardkeep-offline', 1);
    open.onsuccess = () => {
      const tx = open.result.transaction('scans', 'readwrite');
      for (const row of window.keptScans ?? []) tx.objectStore('scans').put(row);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    };
  });

/** A phone with the camera filming the labels of `codes`, the app installed by a visit. */
async function phoneFilming(codes: string[], member: { email: string; password: string }) {
  const pngs = await Promise.all(
    codes.map((code) => qrLabelPng(`${server.origin}/scan/${code}`, { size: 280 })),
  );
  await browser?.close();
  // A folder of its own: each phone's video is a new file.
  const dir = fs.mkdtempSync(path.join(tmp, 'phone-'));
  const video = await y4mSequence(dir, pngs, { showS: 2.5, blankS: 0.8, leadS: 8 });
  browser = await openBrowser({
    viewport: { width: 375, height: 667 },
    args: fakeCameraArgs(video),
  });
  await signIn(browser.page, server.origin, member);
  await openInstalled(browser.page, `${server.origin}/`);
  return browser;
}

/** The crew looked at these items earlier: the phone keeps what it saw, labels included. */
async function look(page: Page, itemIds: string[]) {
  for (const id of itemIds) {
    const labelsSeen = page.waitForResponse((r) => r.url().endsWith(`/items/${id}/labels`));
    await page.goto(`${server.origin}/items/${id}`);
    await labelsSeen;
  }
}

describe('the round trip offline', () => {
  it(
    'Return mode queues returns (damaged, with a photo) offline, counts them, and applies them once',
    { timeout: 150_000 },
    async () => {
      const staff = await buildMember(server.app, { role: 'staff' });
      const { manifest, items } = await buildOutJob(server.app, [
        { name: 'Deck A' },
        { name: 'Deck B' },
        { name: 'Deck C' },
      ]);
      const [deckA, deckB] = items as [(typeof items)[0], (typeof items)[0]];
      const codes = [
        (await buildLabel(server.app, { item_id: deckA.id })).id,
        (await buildLabel(server.app, { item_id: deckB.id })).id,
      ];
      const { page, context } = await phoneFilming(codes, staff);
      await look(page, [deckA.id, deckB.id]);
      const returnsSeen = page.waitForResponse((r) => r.url().endsWith(`/${manifest.id}/returns`));
      await page.goto(`${server.origin}/manifests/${manifest.id}`);
      await returnsSeen;

      // The basement: no network. The app reloaded offline opens the job from the phone's copy.
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('button', { name: 'Return by scanning' }).click();
      const mode = page.getByRole('dialog', { name: `Returning ${manifest.name}` });
      const stillOut = mode.getByTestId('return-still-out');
      await expect.poll(() => stillOut.textContent(), { timeout: 10_000 }).toBe('3 of 3 still out');
      // During the camera's blank lead: both come back damaged, with a photo.
      await mode.getByRole('switch', { name: 'Damaged' }).check();
      await mode.getByLabel('What is damaged').fill('Scuffed');
      await mode.getByLabel('Photo of the damage').setInputFiles({
        name: 'scuff.png',
        mimeType: 'image/png',
        buffer: await pngImage(),
      });

      const badge = mode.getByTestId('queue-badge');
      await expect.poll(() => badge.getAttribute('data-queued'), { timeout: 30_000 }).toBe('2');
      await mode.getByRole('button', { name: 'Pause' }).click();
      expect(await mode.getByTestId('scan-result').innerText()).toContain('Queued — will sync');
      // Counted at once, from the phone's copy of the job.
      await expect.poll(() => stillOut.textContent()).toBe('1 of 3 still out · 2 damaged');
      const queued = await queueOf(page);
      // A copy of the queue kept in the page, photos and all, to put back later.
      await page.evaluate(keepCopy);
      expect(queued.map((q) => [q.mode, (q.item as { name: string }).name])).toEqual([
        ['return', 'Deck A'],
        ['return', 'Deck B'],
      ]);
      // Nothing reached the server.
      expect(await itemRow(deckA.id)).toMatchObject({ manifest_id: manifest.id, condition: 'ok' });

      // The network returns: both are returned, damaged, each with its photo.
      await context.setOffline(false);
      // Sent and none waiting for a decision: the queue is empty and the badge gone.
      await expect.poll(async () => (await queueOf(page)).length, { timeout: 20_000 }).toBe(0);
      await expect.poll(() => badge.count()).toBe(0);
      await expect.poll(() => stillOut.textContent()).toBe('1 of 3 still out · 2 damaged');
      for (const deck of [deckA, deckB]) {
        expect(await itemRow(deck.id)).toMatchObject({ manifest_id: null, condition: 'damaged' });
        expect(await count('activity', 'source_id', deck.id, 'RETURN')).toBe(1);
        expect(await count('images', 'item_id', deck.id)).toBe(1);
      }

      // The same queue replayed (a phone restored from a backup): nothing applies twice.
      await page.evaluate(replay);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await expect.poll(async () => (await queueOf(page)).length, { timeout: 20_000 }).toBe(0);
      for (const deck of [deckA, deckB]) {
        expect(await count('activity', 'source_id', deck.id, 'RETURN')).toBe(1);
        expect(await count('images', 'item_id', deck.id)).toBe(1);
      }
    },
  );

  it(
    'Fill this container queues offline and asks about an item put elsewhere meanwhile',
    { timeout: 150_000 },
    async () => {
      const staff = await buildMember(server.app, { role: 'staff' });
      const crate = await buildItem(server.app, { name: 'Crate 0321', status: 'Crate' });
      const other = await buildItem(server.app, { name: 'Crate 0400', status: 'Crate' });
      const clampA = await buildItem(server.app, { name: 'Clamp A' });
      const clampB = await buildItem(server.app, { name: 'Clamp B' });
      const codes = [
        (await buildLabel(server.app, { item_id: clampA.id })).id,
        (await buildLabel(server.app, { item_id: clampB.id })).id,
      ];
      const { page, context } = await phoneFilming(codes, staff);
      await look(page, [clampA.id, clampB.id, crate.id]);

      await context.setOffline(true);
      await page.reload();
      await page.getByRole('button', { name: 'Fill this container' }).click();
      const mode = page.getByRole('dialog', { name: 'Filling Crate 0321' });
      const badge = mode.getByTestId('queue-badge');
      await expect.poll(() => badge.getAttribute('data-queued'), { timeout: 30_000 }).toBe('2');
      await mode.getByRole('button', { name: 'Pause' }).click();
      expect(await mode.getByTestId('scan-result').innerText()).toContain('Queued — will sync');
      expect(await itemRow(clampA.id)).toMatchObject({ container_id: null });

      // Meanwhile a colleague puts Clamp B into the other crate.
      const colleague = await buildMember(server.app, { role: 'staff' });
      await updateItem(server.app, clampB.id, { container_id: other.id }, colleague);

      // Online: Clamp A goes inside; Clamp B waits for a decision and nothing is undone.
      await context.setOffline(false);
      await expect.poll(() => badge.getAttribute('data-decisions'), { timeout: 20_000 }).toBe('1');
      expect(await badge.getAttribute('data-queued')).toBe('0');
      expect(await itemRow(clampA.id)).toMatchObject({ container_id: crate.id });
      expect(await itemRow(clampB.id)).toMatchObject({ container_id: other.id });

      await badge.dispatchEvent('click');
      const decision = page.getByTestId('decision');
      await expect.poll(() => decision.isVisible()).toBe(true);
      expect(await decision.innerText()).toContain(
        'Clamp B is in Crate 0400 now. Move it into Crate 0321?',
      );
      await decision.getByRole('button', { name: 'Move here' }).click();
      await expect.poll(async () => (await itemRow(clampB.id)).container_id).toBe(crate.id);
    },
  );
});
