import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anonymous, errorOf, type Session, useTestApp } from '../../../../test/helpers/app.ts';
import {
  avifImage,
  gifImage,
  hasGpsTag,
  htmlFile,
  jpegWithGps,
  gifClaiming,
  pixelBomb,
  pngImage,
  sidewaysJpeg,
  svgFile,
  textFile,
  tiffImage,
  truncatedJpeg,
  webpImage,
} from '../../../../test/fixtures/images.ts';
import { MAX_UPLOAD_BYTES } from '../../../common/schemas/upload.ts';

const t = useTestApp();
const [staff, client] = t.signIn('staff', 'client');
let uploadsDir: string;
beforeAll(() => {
  uploadsDir = path.join(t.config.dataDir, 'uploads');
});
// Each test starts from an empty folder, so "no file left behind" is a real check.
beforeEach(() => {
  for (const name of fs.readdirSync(uploadsDir)) fs.rmSync(path.join(uploadsDir, name));
});

const storedFiles = () => fs.readdirSync(uploadsDir).sort();
const fileOf = (url: string) => path.join(uploadsDir, url.replace(/^\/uploads\//, ''));

/** A body of `totalMiB` MiB that counts how much of it was pulled. */
function endlessBody(totalMiB: number) {
  const chunk = Buffer.alloc(1024 * 1024, 0xff);
  let sent = 0;
  const body = new Readable({
    read() {
      if (sent === totalMiB) return void this.push(null);
      sent += 1;
      this.push(chunk);
    },
  });
  return { body, sentMiB: () => sent };
}

/** The upload was refused with this status and error, and left no file behind. */
function expectRefusedStoringNothing(
  res: LightMyRequestResponse,
  status: number,
  error: { code: string; message: string },
) {
  expect(res.statusCode).toBe(status);
  expect(errorOf(res)).toEqual(error);
  expect(storedFiles()).toEqual([]);
}

/**
 * An 80 MiB upload of unknown length (chunked) as `session`: the answer, and how much of the
 * body was pulled by 100 ms after it.
 */
async function uploadUnbounded(session: Session) {
  const { body, sentMiB } = endlessBody(80);
  const res = await upload(session, body, { headers: { 'transfer-encoding': 'chunked' } });
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { res, sentMiB };
}

function upload(
  session: Session,
  payload: Buffer | Readable,
  options: { filename?: string; contentType?: string; headers?: Record<string, string> } = {},
) {
  return t.inject(session, {
    method: 'POST',
    url: `/api/upload/${encodeURIComponent(options.filename ?? 'photo.jpg')}`,
    headers: { 'content-type': options.contentType ?? 'image/jpeg', ...options.headers },
    payload,
  });
}

describe('POST /api/upload/:filename, refused', () => {
  it('is 401 for anonymous visitors and 403 for client users, storing nothing', async () => {
    const png = await pngImage();
    expect((await upload(anonymous, png)).statusCode).toBe(401);
    expect((await upload(client, png)).statusCode).toBe(403);
    expect(storedFiles()).toEqual([]);
  });

  it('is 400 for an empty body', async () => {
    const res = await upload(staff, Buffer.alloc(0));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('The request has no file.');
  });

  it('is 413 for 20 MB + 1 byte, leaving no file behind', async () => {
    const body = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    (await jpegWithGps()).copy(body); // a real image at the start: only the size is wrong
    expectRefusedStoringNothing(await upload(staff, body), 413, {
      code: 'too_large',
      message: 'The file is too large: at most 20 MB can be uploaded.',
    });
  });

  it('stops reading an oversized body of unknown length as soon as it passes 20 MB', async () => {
    const { res, sentMiB } = await uploadUnbounded(staff);
    expect(res.statusCode).toBe(413);
    // Refused at 20 MB; the rest is drained for at most another 20 MB, then cut off.
    expect(sentMiB()).toBeGreaterThan(20);
    expect(sentMiB()).toBeLessThan(50);
    expect(storedFiles()).toEqual([]);
  });

  it('does not read an unbounded body from an anonymous caller either', async () => {
    const { res, sentMiB } = await uploadUnbounded(anonymous);
    expect(res.statusCode).toBe(401);
    expect(sentMiB()).toBeLessThan(30);
  });

  it.each([
    ['SVG', svgFile, 'image/svg+xml', 'drawing.svg'],
    ['SVG named .png', svgFile, 'image/png', 'drawing.png'],
    ['HTML named .png', htmlFile, 'image/png', 'page.png'],
    ['text named .png', textFile, 'image/png', 'notes.png'],
    ['TIFF (an image, but not one we accept)', tiffImage, 'image/tiff', 'scan.tiff'],
  ] as const)('is 415 for %s, storing nothing', async (_name, make, contentType, filename) => {
    const res = await upload(staff, await make(), { contentType, filename });
    expect(res.statusCode).toBe(415);
    expect(errorOf(res).code).toBe('unsupported_type');
    expect(errorOf(res).message).toContain('Upload a JPEG, PNG, WebP, GIF or AVIF image.');
    expect(storedFiles()).toEqual([]);
  });

  it('is 400 for a truncated JPEG, storing nothing', async () => {
    expectRefusedStoringNothing(await upload(staff, await truncatedJpeg()), 400, {
      code: 'damaged_image',
      message: 'The image is damaged or incomplete and could not be read.',
    });
  });

  it('is 422 for a decompression bomb (64 megapixels in a small PNG), storing nothing', async () => {
    const bomb = await pixelBomb();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const res = await upload(staff, bomb, { contentType: 'image/png' });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).code).toBe('too_many_pixels');
    expect(errorOf(res).message).toContain('at most 50 megapixels');
    expect(storedFiles()).toEqual([]);
  });

  it('is 422 for a tiny GIF that claims 7000 × 7000 pixels, storing nothing', async () => {
    const res = await upload(staff, await gifClaiming(7000, 7000), { contentType: 'image/gif' });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).code).toBe('too_many_pixels');
    expect(storedFiles()).toEqual([]);
  });

  it('refuses an over-long filename with a 4xx', async () => {
    const png = await pngImage();
    const long = await upload(staff, png, { filename: 'x'.repeat(201) });
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
    expect(storedFiles()).toEqual([]);
  });
});

describe('POST /api/upload/:filename, accepted', () => {
  it('strips EXIF and GPS from a JPEG and makes a WebP thumbnail', async () => {
    const original = await jpegWithGps();
    expect(hasGpsTag((await sharp(original).metadata()).exif)).toBe(true);

    const res = await upload(staff, original, { filename: '../../etc/passwd.jpg' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      url: expect.stringMatching(/^\/uploads\/[a-z0-9]{24}\.jpg$/),
      width: 320,
      height: 240,
      thumbnail_url: expect.stringMatching(/^\/uploads\/[a-z0-9]{24}\.webp$/),
    });
    // The client's filename is never part of a path.
    expect(storedFiles()).toHaveLength(2);
    expect(storedFiles().join()).not.toContain('passwd');

    const stored = await sharp(fileOf(body.url)).metadata();
    expect(stored.format).toBe('jpeg');
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(hasGpsTag(fs.readFileSync(fileOf(body.url)))).toBe(false);

    const thumb = await sharp(fileOf(body.thumbnail_url)).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 320, height: 240 });
    expect(thumb.exif).toBeUndefined();
  });

  it('turns an EXIF-rotated photo upright', async () => {
    const res = await upload(staff, await sidewaysJpeg());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect([body.width, body.height]).toEqual([200, 300]);
    const stored = sharp(fileOf(body.url));
    const meta = await stored.metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([200, 300, undefined]);
    // Shown upright the red half is on top and the blue half below.
    const { data, info } = await stored.raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    };
    const [topR, , topB] = pixel(100, 20);
    const [bottomR, , bottomB] = pixel(100, 280);
    expect(topR).toBeGreaterThan(150);
    expect(topB).toBeLessThan(100);
    expect(bottomB).toBeGreaterThan(150);
    expect(bottomR).toBeLessThan(100);
  });

  it.each([
    ['PNG', pngImage, 'png'],
    ['WebP', webpImage, 'webp'],
    ['GIF', gifImage, 'gif'],
    ['AVIF (stored as WebP)', avifImage, 'webp'],
  ] as const)('accepts %s', async (_name, make, extension) => {
    const res = await upload(staff, await make(), { contentType: 'application/octet-stream' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 64, height: 48 });
    expect(res.json().url).toMatch(new RegExp(`\\.${extension}$`));
    expect(storedFiles()).toHaveLength(2);
  });

  it('judges by the bytes, whatever the Content-Type says (the spec client sends JSON)', async () => {
    const res = await upload(staff, await pngImage(), { contentType: 'application/json' });
    expect(res.statusCode).toBe(201);
    expect(res.json().url).toMatch(/\.png$/);
  });
});

describe('GET /uploads/:key', () => {
  it('serves a stored file with its type, nosniff and a year of caching', async () => {
    const up = (await upload(staff, await jpegWithGps())).json();
    const res = await t.app.inject({ method: 'GET', url: up.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(fs.readFileSync(fileOf(up.url)))).toBe(true);

    const thumb = await t.app.inject({ method: 'GET', url: up.thumbnail_url });
    expect(thumb.headers['content-type']).toBe('image/webp');

    const head = await t.app.inject({ method: 'HEAD', url: up.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/jpeg');
  });

  it('is 404 for unknown and malformed keys, and never leaves the uploads folder', async () => {
    fs.writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'not for you');
    for (const url of [
      '/uploads/0123456789abcdef01234567.jpg',
      '/uploads/photo.jpg',
      '/uploads/..%2Fsecret.txt',
      '/uploads/..%2Fyardkeep.sqlite',
      '/uploads/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
      '/uploads/0123456789abcdef01234567.svg',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('not for you');
    }
  });
});

describe('POST /api/upload over a real connection', () => {
  it('answers 413 to a 30 MB upload and the client reads it cleanly', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = new URL('/api/upload/big.jpg', address);
    const result = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(url, {
        method: 'POST',
        headers: { ...staff.headers, 'content-type': 'image/jpeg', 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(256 * 1024, 0xff);
      let written = 0;
      const write = () => {
        while (written < 30 * 1024 * 1024) {
          written += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', write);
        }
        req.end();
      };
      write();
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body).error.code).toBe('too_large');
    expect(storedFiles()).toEqual([]);
  });
});
