import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { gifClaiming, pngImage } from '../../../test/fixtures/images.ts';
import { imageJobs, MAX_ANIMATION_PIXELS, MAX_IMAGE_JOBS, processImage } from './images.ts';

async function refusal(bytes: Buffer): Promise<AppError> {
  const err = await processImage(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('image pixel budget', () => {
  it('refuses a 7000 × 7000 GIF from its header with 422, before decoding it', async () => {
    const bomb = await gifClaiming(7000, 7000);
    expect(bomb.length).toBeLessThan(1024);
    const err = await refusal(bomb);
    expect(err.status).toBe(422);
    expect(err.code).toBe('too_many_pixels');
    expect(err.message).toMatch(/too many pixels/);
  });

  it('counts every frame of an animation against the budget', async () => {
    // 24 frames of 1000 × 1000: each frame is small, together they are over the budget.
    const frames = 24;
    expect(1000 * 1000 * frames).toBeGreaterThan(MAX_ANIMATION_PIXELS);
    // Frames must differ, or the GIF encoder merges them into one.
    const pictures = await Promise.all(
      Array.from({ length: frames }, (_, i) =>
        sharp({
          create: { width: 1000, height: 1000, channels: 3, background: { r: i * 10, g: 0, b: 0 } },
        })
          .png()
          .toBuffer(),
      ),
    );
    const animation = await sharp(pictures, { join: { animated: true } })
      .gif({ effort: 1 })
      .toBuffer();
    const err = await refusal(animation);
    expect(err.status).toBe(422);
    expect(err.code).toBe('too_many_pixels');
  });

  it('still accepts an ordinary image', async () => {
    const processed = await processImage(await pngImage(1200, 900));
    expect(processed.width).toBe(1200);
  });
});

describe('concurrent image jobs', () => {
  it(`runs at most ${MAX_IMAGE_JOBS} at once; the others wait their turn`, async () => {
    const png = await pngImage(1600, 1200);
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, imageJobs.active)), 1);
    const results = await Promise.all(Array.from({ length: 8 }, () => processImage(png)));
    clearInterval(watch);
    expect(results).toHaveLength(8);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(MAX_IMAGE_JOBS);
    expect(imageJobs.active).toBe(0);
  });
});
