import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOutJob } from '../factories/round-trip.ts';
import { buildItem } from '../factories/items.ts';
import { buildLabel } from '../factories/labels.ts';
import { buildLocation } from '../factories/locations.ts';
import { buildMember } from '../factories/members.ts';
import { openBrowser, startServer, type Browser, type RunningServer } from '../helpers/browser.ts';
import { fakeCameraArgs, y4mSequence } from '../helpers/camera.ts';
import { qrLabelPng } from '../helpers/qr.ts';

// Return mode with Chromium's fake camera: the job's labels go by in one looping video,
// with a long blank lead (time to set "damaged" before the first label) and long blanks
// between (time to change the settings between two items).

let server: RunningServer;
let browser: Browser | undefined;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-returns-'));

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
    .select(['manifest_id', 'condition', 'location_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('return mode', () => {
  it('returns two items by scanning (one damaged), refuses one not on the job, then close marks the rest missing and a scan finds one', async () => {
    const staff = await buildMember(server.app, { role: 'staff' });
    const yard = await buildLocation(server.app, { name: 'Yard North' });
    const { manifest, items } = await buildOutJob(server.app, [
      { name: 'Deck A' },
      { name: 'Deck B' },
      { name: 'Deck C' },
      { name: 'Deck D' },
    ]);
    const [deckA, deckB, deckC] = items as [
      (typeof items)[0],
      (typeof items)[0],
      (typeof items)[0],
    ];
    const stranger = await buildItem(server.app, { name: 'Spare tube' });
    const codeOf = async (itemId: string) => (await buildLabel(server.app, { item_id: itemId })).id;
    const [codeB, codeA, codeX, codeC] = [
      await codeOf(deckB.id),
      await codeOf(deckA.id),
      await codeOf(stranger.id),
      await codeOf(deckC.id),
    ];
    const pngs = await Promise.all(
      [codeB, codeA, codeX].map((code) =>
        qrLabelPng(`${server.origin}/scan/${code}`, { size: 280 }),
      ),
    );
    const video = await y4mSequence(tmp, pngs, { showS: 2.5, blankS: 5, leadS: 7 });
    browser = await openBrowser({
      viewport: { width: 375, height: 667 },
      args: fakeCameraArgs(video),
    });
    const { page } = browser;
    const login = await page.request.post(`${server.origin}/api/login`, {
      data: { username: staff.email, password: staff.password },
    });
    expect(login.status()).toBe(200);
    await page.goto(`${server.origin}/manifests/${manifest.id}`);
    await page.getByRole('button', { name: 'Return by scanning' }).click();
    const mode = page.getByRole('dialog', { name: `Returning ${manifest.name}` });
    const stillOut = mode.getByTestId('return-still-out');
    await expect.poll(() => stillOut.textContent(), { timeout: 10_000 }).toBe('4 of 4 still out');

    // During the blank lead: everything goes back to Yard North; the first one is damaged.
    await mode.getByLabel('Put back at').click();
    await page.getByRole('option', { name: 'Yard North' }).click();
    await mode.getByRole('switch', { name: 'Damaged' }).check();
    await mode.getByLabel('What is damaged').fill('Cracked corner');

    const result = mode.getByTestId('scan-result');
    await expect.poll(() => result.getAttribute('data-seq'), { timeout: 20_000 }).toBe('1');
    expect(await result.getAttribute('data-kind')).toBe('returned');
    expect(await result.innerText()).toContain('Returned damaged');
    expect(await result.innerText()).toContain('Deck B');
    await expect.poll(() => stillOut.textContent()).toBe('3 of 4 still out · 1 damaged');

    // Between labels: the next one comes back in good order.
    await mode.getByRole('switch', { name: 'Damaged' }).uncheck();
    await expect.poll(() => result.getAttribute('data-seq'), { timeout: 15_000 }).toBe('2');
    expect(await result.getAttribute('data-kind')).toBe('returned');
    expect(await result.innerText()).toMatch(/Returned\s+Deck A/);
    await expect.poll(() => stillOut.textContent()).toBe('2 of 4 still out · 1 damaged');

    // An item that never went out on this job: refused, nothing changes.
    await expect.poll(() => result.getAttribute('data-seq'), { timeout: 15_000 }).toBe('3');
    expect(await result.getAttribute('data-kind')).toBe('not-on-job');
    expect(await result.innerText()).toContain('Not on this job');
    expect(await stillOut.textContent()).toBe('2 of 4 still out · 1 damaged');
    expect(await itemRow(stranger.id)).toMatchObject({ manifest_id: null, condition: 'ok' });

    expect(await itemRow(deckB.id)).toMatchObject({
      manifest_id: null,
      condition: 'damaged',
      location_id: yard.id,
    });
    expect(await itemRow(deckA.id)).toMatchObject({
      manifest_id: null,
      condition: 'ok',
      location_id: yard.id,
    });
    await mode.getByRole('button', { name: 'Done returning' }).click();

    // Close: what is still out is marked missing and leaves the job.
    const closed = await page.request.post(
      `${server.origin}/api/inventory/manifests/${manifest.id}/close`,
      { headers: { origin: server.origin } },
    );
    expect(closed.status()).toBe(200);
    expect(await itemRow(deckC.id)).toMatchObject({ manifest_id: null, condition: 'missing' });

    // Deck C turns up: a phone's camera app opens its label, and it is found.
    await page.goto(`${server.origin}/scan/${codeC}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 10_000 })
      .toBe('Deck C');
    expect(await itemRow(deckC.id)).toMatchObject({ condition: 'ok' });
    const found = await server.app.db
      .selectFrom('activity')
      .select('action')
      .where('source_id', '=', deckC.id)
      .where('action', '=', 'FOUND')
      .execute();
    expect(found).toHaveLength(1);
  });
});
