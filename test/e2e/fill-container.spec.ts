import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItem } from '../factories/items.ts';
import { buildLabel } from '../factories/labels.ts';
import { buildMember } from '../factories/members.ts';
import { openBrowser, startServer, type Browser, type RunningServer } from '../helpers/browser.ts';
import { fakeCameraArgs, y4mSequence } from '../helpers/camera.ts';
import { qrLabelPng } from '../helpers/qr.ts';

// "Fill this container" with Chromium's fake camera: three labels go by in one video.

let server: RunningServer;
let browser: Browser | undefined;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-fill-'));

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const containerOf = async (id: string) =>
  (
    await server.app.db
      .selectFrom('items')
      .select('container_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).container_id;

describe('fill this container', () => {
  it('puts three scanned items inside a crate, asking before taking one out of another crate', async () => {
    const staff = await buildMember(server.app, { role: 'staff' });
    const crate = await buildItem(server.app, { name: 'Crate 0321', status: 'Crate' });
    const other = await buildItem(server.app, { name: 'Crate 0400', status: 'Crate' });
    const clampA = await buildItem(server.app, { name: 'Clamp A' });
    const clampB = await buildItem(server.app, { name: 'Clamp B' });
    const strap = await buildItem(server.app, { name: 'Strap', container_id: other.id });
    const codes = [];
    for (const item of [clampA, clampB, strap]) {
      codes.push((await buildLabel(server.app, { item_id: item.id })).id);
    }
    const pngs = await Promise.all(
      codes.map((code) => qrLabelPng(`${server.origin}/scan/${code}`, { size: 280 })),
    );
    const video = await y4mSequence(tmp, pngs, { showS: 2.5, blankS: 0.8, leadS: 1.5 });
    browser = await openBrowser({
      viewport: { width: 375, height: 667 },
      args: fakeCameraArgs(video),
    });
    const { page } = browser;
    const login = await page.request.post(`${server.origin}/api/login`, {
      data: { username: staff.email, password: staff.password },
    });
    expect(login.status()).toBe(200);
    await page.goto(`${server.origin}/items/${crate.id}`);
    await page.getByRole('button', { name: 'Fill this container' }).click();
    const mode = page.getByRole('dialog', { name: 'Filling Crate 0321' });
    const result = mode.getByTestId('scan-result');

    await expect.poll(() => result.getAttribute('data-seq'), { timeout: 20_000 }).toBe('2');
    expect(await result.getAttribute('data-kind')).toBe('put-inside');
    expect(await result.innerText()).toContain('Clamp B');
    expect(await result.innerText()).toContain('Now in Crate 0321.');

    // The strap is in another crate: asked first, then moved.
    const ask = page.getByRole('dialog', { name: 'In another container' });
    await expect.poll(() => ask.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await ask.innerText()).toContain('Strap is in Crate 0400. Move it into Crate 0321?');
    await ask.getByRole('button', { name: 'Move it here' }).click();
    await expect.poll(() => result.getAttribute('data-seq'), { timeout: 10_000 }).toBe('3');
    expect(await result.innerText()).toContain('Taken out of Crate 0400, now in Crate 0321.');

    // The video loops: Clamp A again changes nothing.
    await expect.poll(() => result.getAttribute('data-seq'), { timeout: 15_000 }).toBe('4');
    expect(await result.getAttribute('data-kind')).toBe('already-inside');

    for (const item of [clampA, clampB, strap]) expect(await containerOf(item.id)).toBe(crate.id);
    await mode.getByRole('button', { name: 'Done filling' }).click();
    await expect.poll(() => page.getByTestId('contents-item').count(), { timeout: 10_000 }).toBe(3);
  });
});
