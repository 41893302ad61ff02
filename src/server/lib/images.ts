import type { Sharp } from 'sharp';
import { AppError, badRequest, unsupportedType } from '../errors.ts';
import { JobLimiter } from './job-limiter.ts';

/** Larger images are refused before decoding: a small file can expand to gigabytes. */
export const MAX_INPUT_PIXELS = 50_000_000;
/**
 * GIFs and animated WebP, all frames counted: a few KB of GIF can claim 7000 × 7000 and
 * cost seconds and most of a gigabyte to decode, and nobody photographs in GIF.
 */
export const MAX_ANIMATION_PIXELS = 16_000_000;
/** Image jobs decode in parallel at most this many at once (docs/decisions.md, Security). */
export const MAX_IMAGE_JOBS = 2;
const MAX_WAITING_IMAGE_JOBS = 16;

export const imageJobs = new JobLimiter(
  MAX_IMAGE_JOBS,
  MAX_WAITING_IMAGE_JOBS,
  'The server is busy with other images. Please try again in a moment.',
);
export const THUMBNAIL_WIDTH = 400;

export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

export interface ProcessedImage {
  bytes: Buffer;
  /** Extension of the stored file (also its storage key's). */
  extension: 'jpg' | 'png' | 'webp' | 'gif';
  width: number;
  height: number;
  thumbnail: Buffer;
  thumbnailExtension: 'webp';
}

const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.subarray(start, end).toString('latin1');

/**
 * What the bytes are, from their magic numbers; null for anything we do not accept. The
 * name and Content-Type a client sends are never trusted: an SVG or HTML file renamed to
 * .png is still refused here.
 */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  const gif = ascii(bytes, 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'gif';
  // ISO-BMFF: a box of type 'ftyp' whose major brand is AVIF. HEIC (iPhone) shares the
  // container but its codec is not in the bundled libvips, so it stays refused.
  if (ascii(bytes, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(bytes, 8, 12)))
    return 'avif';
  return null;
}

/** sharp reports AVIF as its container format, heif. */
const SHARP_FORMAT: Record<ImageType, string> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'heif',
};

const NOT_AN_IMAGE =
  'This type of file is not supported. Upload a JPEG, PNG, WebP, GIF or AVIF image.';

/**
 * Checks and re-encodes an uploaded image: auto-rotated from its EXIF orientation, with
 * every piece of metadata (EXIF, GPS, XMP) left out of the output, plus a thumbnail.
 * Throws 415 for files that are not an accepted image, 400 for damaged or oversized ones.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const type = detectImageType(bytes);
  if (!type) throw unsupportedType(NOT_AN_IMAGE);
  return imageJobs.run(() => checkAndEncode(bytes, type));
}

async function checkAndEncode(bytes: Buffer, type: ImageType): Promise<ProcessedImage> {
  // Loaded with the first image, not with the app: libvips is large, and most requests
  // (and most test files) never decode an image.
  const { default: sharp } = await import('sharp');
  // failOn 'error' refuses truncated and corrupt files instead of storing half an image.
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  try {
    const meta = await sharp(bytes, options).metadata();
    if (meta.format !== SHARP_FORMAT[type]) throw unsupportedType(NOT_AN_IMAGE);
    const animated = (meta.pages ?? 1) > 1 && (type === 'gif' || type === 'webp');
    // The header's claim, checked before a single pixel is decoded: every frame counts.
    const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * (meta.pages ?? 1);
    const budget = type === 'gif' || animated ? MAX_ANIMATION_PIXELS : MAX_INPUT_PIXELS;
    if (pixels > budget) throw tooManyPixels(budget);

    const input = sharp(bytes, { ...options, animated });
    // Animated frames carry no EXIF orientation worth honouring, and sharp cannot turn
    // a multi-page image by 90 degrees; still images are turned upright.
    const upright = animated ? input : input.autoOrient();
    const encoded = await encode(upright, type).toBuffer({ resolveWithObject: true });

    const thumbnail = await sharp(bytes, options)
      .autoOrient()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();

    return {
      bytes: encoded.data,
      extension: type === 'jpeg' ? 'jpg' : type === 'avif' ? 'webp' : type,
      width: encoded.info.width,
      height: animated
        ? (encoded.info.pageHeight ?? meta.pageHeight ?? encoded.info.height)
        : encoded.info.height,
      thumbnail,
      thumbnailExtension: 'webp',
    };
  } catch (err) {
    throw toUploadError(err);
  }
}

/**
 * The stored format follows the input, except AVIF, which is stored as WebP: encoding
 * AVIF takes seconds per photo, and WebP shows everywhere AVIF does.
 */
function encode(image: Sharp, type: ImageType): Sharp {
  switch (type) {
    case 'jpeg':
      return image.jpeg({ quality: 85 });
    case 'png':
      return image.png();
    case 'gif':
      return image.gif();
    case 'webp':
    case 'avif':
      return image.webp({ quality: 85 });
  }
}

/** 422: the file is a readable image, just more than we decode (docs/decisions.md). */
const tooManyPixels = (budget: number) =>
  new AppError(
    422,
    'too_many_pixels',
    `The image has too many pixels (at most ${budget / 1_000_000} megapixels${
      budget === MAX_ANIMATION_PIXELS ? ' for a GIF or animation, all frames counted' : ''
    }).`,
  );

function toUploadError(err: unknown): Error {
  if (err instanceof AppError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) return tooManyPixels(MAX_INPUT_PIXELS);
  return badRequest('The image is damaged or incomplete and could not be read.', 'damaged_image');
}
