// Speed of the camera scanner in Chromium with a fake 640x480 camera:
//   npx tsx scripts/bench-scanner.ts [opens]
// 1. time from opening the scanner (tapping "Scan a label") to the first decoded label,
//    cold (decoder not loaded yet in the page) and warm (opened again in the same page);
// 2. decode time per 640x480 frame (the scan box crop plus the decode), with a code in
//    the frame and with none.
import { startServer } from '../test/helpers/browser.ts';
import { openBrowserWithCamera } from '../test/helpers/camera.ts';
import { qrLabelPng } from '../test/helpers/qr.ts';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
// @ts-expect-error plain .mjs scripts shared with npm start
import { ensureChromium } from './chromium.mjs';
// @ts-expect-error plain .mjs scripts shared with npm start
import { ensureWebBuild } from './web-build.mjs';

const opens = Number(process.argv[2] ?? 5);
process.env.CHROMIUM_PATH ??= (ensureChromium as () => string)();
(ensureWebBuild as (o: { quiet: boolean }) => void)({ quiet: true });

const server = await startServer();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function openScanner(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Show QR code and scan' }).click();
  const scan = page.getByRole('button', { name: 'Scan a label' });
  await scan.waitFor();
  const started = Date.now();
  await scan.click();
  return started;
}

function blankFrame(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#f4f1ea' } })
    .png()
    .toBuffer();
}

try {
  // 1. Open to first decode: the scanner navigates to /scan/{code} when it reads the label.
  const code = 'BENCH0000001';
  const label = await openBrowserWithCamera(await qrLabelPng(`${server.origin}/scan/${code}`));
  const cold: number[] = [];
  const warm: number[] = [];
  const marks = { cold: [] as number[], warm: [] as number[] };
  try {
    const { page } = label;
    for (let round = 0; round < opens; round++) {
      // A fresh document each round: the first open in it is cold, the second warm.
      await page.goto(`${server.origin}/about`);
      await page.waitForLoadState('networkidle');
      for (const bucket of [cold, warm]) {
        if (bucket === warm) {
          await page.goBack();
          await page.waitForURL(`${server.origin}/about`);
        }
        const started = await openScanner(page);
        await page.waitForURL(`**/scan/${code}`, { timeout: 30_000 });
        bucket.push(Date.now() - started);
      }
      // Marks live as long as the document: [0] is the cold open, [1] the warm one.
      const [c, w] = await page.evaluate(() => {
        const starts = performance.getEntriesByName('scanner:start');
        const firsts = performance.getEntriesByName('scanner:first-decode');
        return [0, 1].map((i) => firsts[i]!.startTime - starts[i]!.startTime);
      });
      marks.cold.push(c!);
      marks.warm.push(w!);
    }
  } finally {
    await label.close();
  }

  // 2. Per frame: a code of another origin keeps the scanner reading frame after frame.
  const perFrame: Record<string, { frames: number; avg: number; max: number; decoder: string }> =
    {};
  for (const [name, png] of [
    ['with a code', await qrLabelPng('https://elsewhere.example.com/scan/BENCH0000002')],
    ['without a code', await blankFrame()],
  ] as const) {
    const browser = await openBrowserWithCamera(png);
    try {
      const { page } = browser;
      await page.goto(`${server.origin}/about`);
      await openScanner(page);
      const video = page.locator('video');
      await video.waitFor();
      await page.waitForTimeout(8000);
      const data = await video.evaluate((v: HTMLVideoElement) => ({ ...v.dataset }));
      perFrame[name] = {
        frames: Number(data.frames),
        avg: Number(data.decodeMsAvg),
        max: Number(data.decodeMsMax),
        decoder: data.decoder ?? '',
      };
    } finally {
      await browser.close();
    }
  }

  console.log(`Open to first decode over ${opens} rounds (tap to navigation, ms):`);
  console.log(`  cold (decoder loads): median ${median(cold)}, all ${cold.join(', ')}`);
  console.log(`  warm (decoder loaded): median ${median(warm)}, all ${warm.join(', ')}`);
  console.log(
    `  camera start to first decode (performance marks): cold median ${median(marks.cold).toFixed(0)}, warm median ${median(marks.warm).toFixed(0)}`,
  );
  for (const [name, r] of Object.entries(perFrame)) {
    console.log(
      `Decode per 640x480 frame ${name} (${r.decoder}, ${r.frames} frames in 8 s): avg ${r.avg} ms, max ${r.max} ms`,
    );
  }
} finally {
  await server.close();
}
