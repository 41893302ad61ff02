import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowserWithCamera } from '../helpers/camera.ts';
import { qrLabelPng, zbarDecode } from '../helpers/qr.ts';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { openBrowser, startServer, type Browser, type RunningServer } from '../helpers/browser.ts';

// This machine may be busy: page loads and camera starts get more than a second.
const SLOW = { timeout: 10_000 };
const SCAN = { timeout: 20_000 };

// The scanner modal with Chromium's fake camera filming QR images made by the test.

let server: RunningServer;
let browser: Browser | undefined;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-scanner-'));
const CODE = 'ABCD1234EFGH';

beforeAll(async () => {
  server = await startServer();
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function openScannerFromHeader(page: Page) {
  await page.getByRole('button', { name: 'Show QR code and scan' }).click();
  await page.getByRole('button', { name: 'Scan a label' }).click();
  const modal = page.getByRole('dialog', { name: 'Scan a QR code' });
  await expect.poll(() => modal.isVisible(), SLOW).toBe(true);
  return modal;
}

/** Keeps a handle on the camera stream, to look at its tracks after the modal is gone. */
async function holdStream(page: Page) {
  await expect
    .poll(
      () => page.evaluate(() => document.querySelector('video')?.srcObject instanceof MediaStream),
      SCAN,
    )
    .toBe(true);
  await page.evaluate(() => {
    (window as unknown as { held: MediaStream }).held = document.querySelector('video')!
      .srcObject as MediaStream;
  });
}

async function heldTrackStates(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { held: MediaStream }).held.getTracks().map((t) => t.readyState),
  );
}

describe('header QR code', () => {
  it('shows a 180 px QR code of the page address that zbarimg decodes', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(`${server.origin}/about?from=test`);
    await page.getByRole('button', { name: 'Show QR code and scan' }).click();
    const qr = page.getByRole('img', { name: /^QR code of this page/ });
    await expect.poll(() => qr.isVisible(), SLOW).toBe(true);
    const box = (await qr.boundingBox())!;
    expect(box.width).toBe(180);
    expect(box.height).toBe(180);
    const shot = path.join(tmp, 'header-qr.png');
    await qr.screenshot({ path: shot });
    expect(await zbarDecode(shot)).toEqual([`${server.origin}/about?from=test`]);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('scanner modal', () => {
  it('loads no decoder with the page; opening the scanner fetches the .wasm from our own origin', async () => {
    browser = await openBrowserWithCamera(await qrLabelPng('https://elsewhere.example.com/scan/X'));
    const { page } = browser;
    const requested: string[] = [];
    page.on('request', (req) => requested.push(req.url()));
    await page.goto(`${server.origin}/about`);
    await page.waitForLoadState('networkidle');
    expect(requested.filter((u) => /\.wasm|ScannerView|zxing/i.test(u))).toEqual([]);
    const entry = fs
      .readFileSync(path.resolve('dist/web/index.html'), 'utf8')
      .match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    expect(fs.readFileSync(path.resolve(`dist/web${entry}`), 'utf8')).not.toMatch(
      /zxing_reader|readBarcodesFromPixmap/,
    );

    await openScannerFromHeader(page);
    await expect.poll(() => requested.filter((u) => u.endsWith('.wasm')), SLOW).toHaveLength(1);
    const wasm = requested.find((u) => u.endsWith('.wasm'))!;
    expect(new URL(wasm).origin).toBe(server.origin);
  });

  it('says "Not a Yardkeep URL" for a code of another origin, keeps scanning, and STOP SCANNING releases the camera', async () => {
    browser = await openBrowserWithCamera(
      await qrLabelPng(`https://elsewhere.example.com/scan/${CODE}`),
    );
    const { page } = browser;
    await page.goto(`${server.origin}/about`);
    const modal = await openScannerFromHeader(page);
    await expect.poll(() => modal.getByText('Not a Yardkeep URL').isVisible(), SCAN).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/about');
    await holdStream(page);
    expect(await heldTrackStates(page)).toEqual(['live']);
    expect(await page.locator('video').getAttribute('data-state')).toBe('scanning');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await modal.getByRole('button', { name: 'STOP SCANNING' }).click();
    await expect.poll(() => modal.isVisible(), SLOW).toBe(false);
    expect(await heldTrackStates(page)).toEqual(['ended']);
    expect(new URL(page.url()).pathname).toBe('/about');
  });

  it('releases the camera when closed with Escape', async () => {
    browser = await openBrowserWithCamera(await qrLabelPng('https://elsewhere.example.com/'));
    const { page } = browser;
    await page.goto(`${server.origin}/about`);
    const modal = await openScannerFromHeader(page);
    await holdStream(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => modal.isVisible(), SLOW).toBe(false);
    await expect.poll(() => heldTrackStates(page), SLOW).toEqual(['ended']);
  });

  it('decodes a worn, rotated, slightly blurred label and goes to its path', async () => {
    const png = await qrLabelPng(`${server.origin}/scan/${CODE}`, {
      rotate: 23,
      blur: 1.5,
      worn: true,
    });
    browser = await openBrowserWithCamera(png, { viewport: { width: 375, height: 667 } });
    const { page } = browser;
    await page.goto(`${server.origin}/about`);
    await openScannerFromHeader(page);
    await page.waitForURL(`${server.origin}/scan/${CODE}`, SCAN);
    // Anonymous, and the label is on no item.
    await expect
      .poll(() => page.getByText('Sorry, there is no item for this label.').isVisible(), SLOW)
      .toBe(true);
  });

  it('takes a label printed with PUBLIC_URL when the page was opened from another address', async () => {
    // The same server reached as localhost: PUBLIC_URL is 127.0.0.1, the page's origin is not.
    const localhost = server.origin.replace('127.0.0.1', 'localhost');
    browser = await openBrowserWithCamera(await qrLabelPng(`${server.origin}/scan/${CODE}`));
    const { page } = browser;
    await page.goto(`${localhost}/about`);
    await openScannerFromHeader(page);
    await page.waitForURL(`${localhost}/scan/${CODE}`, SCAN);
  });
});

describe('camera errors', () => {
  it('without a camera: "Error getting user media.", and a photo of the label still works', async () => {
    // No fake device: headless Chromium then has no camera at all.
    browser = await openBrowser({ args: ['--use-fake-ui-for-media-stream'] });
    const { page } = browser;
    await page.goto(`${server.origin}/about`);
    const modal = await openScannerFromHeader(page);
    await expect
      .poll(() => modal.getByRole('alert').textContent(), SLOW)
      .toContain('Error getting user media.');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const photo = path.join(tmp, 'photo.png');
    fs.writeFileSync(
      photo,
      await qrLabelPng(`${server.origin}/scan/${CODE}`, { rotate: 8, blur: 1 }),
    );
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      modal.getByRole('button', { name: 'Scan a photo instead' }).click(),
    ]);
    await chooser.setFiles(photo);
    await page.waitForURL(`${server.origin}/scan/${CODE}`, SCAN);
    await expect.poll(() => modal.isVisible(), SLOW).toBe(false);
  });

  it('over plain http on a real host name: the secure-context message', async () => {
    const port = new URL(server.origin).port;
    browser = await openBrowserWithCamera(await qrLabelPng('x'), {
      args: ['--host-resolver-rules=MAP yard.test 127.0.0.1'],
    });
    const { page } = browser;
    await page.goto(`http://yard.test:${port}/about`);
    const modal = await openScannerFromHeader(page);
    await expect
      .poll(() => modal.getByRole('alert').textContent(), SLOW)
      .toContain('Camera access is only supported in secure context like https or localhost.');
  });
});
