import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { openBrowser, type Browser } from './browser.ts';

const run = promisify(execFile);

/** The fake camera's frame size: what the speed figures are quoted for. */
export const FRAME = { width: 640, height: 480 } as const;

/**
 * Chromium's fake camera plays a y4m file in a loop. The videos are made here, in a
 * temporary folder, from PNGs made by the test (nothing binary is committed).
 */
export async function y4mFromPng(
  png: Buffer,
  options: { seconds?: number; fps?: number } = {},
): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardkeep-camera-'));
  const input = path.join(dir, 'frame.png');
  const output = path.join(dir, 'camera.y4m');
  fs.writeFileSync(input, await onWhiteFrame(png));
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-loop',
    '1',
    '-i',
    input,
    '-t',
    String(options.seconds ?? 1),
    '-r',
    String(options.fps ?? 10),
    '-vf',
    'scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2:white,format=yuv420p',
    '-f',
    'yuv4mpegpipe',
    output,
  ]);
  return output;
}

/** Chromium flags for a camera that shows `y4m` and is allowed without a prompt. */
export function fakeCameraArgs(y4m: string): string[] {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${y4m}`,
  ];
}

/** A browser whose camera films this image; closing it removes the video too. */
export async function openBrowserWithCamera(
  png: Buffer,
  options: { viewport?: { width: number; height: number }; args?: string[] } = {},
): Promise<Browser> {
  const y4m = await y4mFromPng(png);
  const browser = await openBrowser({
    ...options,
    args: [...fakeCameraArgs(y4m), ...(options.args ?? [])],
  });
  return {
    ...browser,
    close: async () => {
      await browser.close();
      fs.rmSync(path.dirname(y4m), { recursive: true, force: true });
    },
  };
}

/**
 * The picture centred on a white 640x480 frame, at its own size: a label that fills part
 * of the view, as when held at arm's length (ffmpeg would otherwise blow it up to fill).
 */
async function onWhiteFrame(png: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(png).metadata();
  if (width > FRAME.width || height > FRAME.height) return png;
  const left = Math.floor((FRAME.width - width) / 2);
  const top = Math.floor((FRAME.height - height) / 2);
  return sharp(png)
    .extend({
      left,
      right: FRAME.width - width - left,
      top,
      bottom: FRAME.height - height - top,
      background: '#ffffff',
    })
    .png()
    .toBuffer();
}

/** A 640x480 white frame with the picture in the middle, as a PNG file. */
async function framePng(file: string, png?: Buffer): Promise<string> {
  const white = sharp({
    create: { width: FRAME.width, height: FRAME.height, channels: 3, background: '#ffffff' },
  });
  const image = png ? white.composite([{ input: png, gravity: 'centre' }]) : white;
  await image.png().toFile(file);
  return file;
}

/**
 * One y4m video in `dir`: a blank lead, then each picture for `showS` seconds with a blank
 * between. The fake camera loops it, so the first picture comes round again at the end.
 */
export async function y4mSequence(
  dir: string,
  pngs: Buffer[],
  timing: { showS: number; blankS: number; leadS: number },
): Promise<string> {
  const blank = await framePng(path.join(dir, 'blank.png'));
  const lines = [`file '${blank}'`, `duration ${timing.leadS}`];
  for (const [i, png] of pngs.entries()) {
    const file = await framePng(path.join(dir, `code-${i}.png`), png);
    lines.push(
      `file '${file}'`,
      `duration ${timing.showS}`,
      `file '${blank}'`,
      `duration ${timing.blankS}`,
    );
  }
  // The concat demuxer ignores the last entry's duration unless the file is listed again.
  lines.push(`file '${blank}'`);
  const list = path.join(dir, 'list.txt');
  fs.writeFileSync(list, lines.join('\n'));
  const out = path.join(dir, 'packing.y4m');
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-r',
    '10',
    '-vf',
    'format=yuv420p',
    '-f',
    'yuv4mpegpipe',
    out,
  ]);
  return out;
}
