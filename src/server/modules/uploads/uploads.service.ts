import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { MAX_UPLOAD_BYTES, type UploadResult } from '../../../common/schemas/upload.ts';
import { badRequest, tooLarge } from '../../errors.ts';
import { processImage } from '../../lib/images.ts';
import { keyFromSrc, storeNew, UPLOADS_URL_PREFIX } from '../../lib/storage.ts';
import { readLimited, TOO_LARGE_MESSAGE } from './read-limited.ts';

/**
 * Reads, checks and stores one uploaded image and its thumbnail. Nothing is written
 * until the whole file has arrived within the limit and passed every check, so a refused
 * upload leaves no file behind.
 */
export async function storeUpload(
  app: FastifyInstance,
  body: Readable | undefined,
  declaredLength: number | undefined,
): Promise<UploadResult> {
  if (declaredLength !== undefined && declaredLength > MAX_UPLOAD_BYTES) {
    throw tooLarge(TOO_LARGE_MESSAGE);
  }
  if (!body) throw badRequest('The request has no file.', 'empty_upload');
  const bytes = await readLimited(body, MAX_UPLOAD_BYTES);
  if (bytes.length === 0) throw badRequest('The request has no file.', 'empty_upload');

  const image = await processImage(bytes);
  const key = await storeNew(app.storage, image.bytes, image.extension);
  let thumbnailKey: string;
  try {
    thumbnailKey = await storeNew(app.storage, image.thumbnail, image.thumbnailExtension);
  } catch (err) {
    // Best effort: with the store down this fails too, and the orphan sweep removes it.
    await app.storage.delete(key).catch(() => {});
    throw err;
  }
  return {
    url: `${UPLOADS_URL_PREFIX}/${key}`,
    width: image.width,
    height: image.height,
    thumbnail_url: `${UPLOADS_URL_PREFIX}/${thumbnailKey}`,
  };
}

/** The storage key of `src` when it is one of our upload URLs and the file exists. */
export async function existingUploadKey(app: FastifyInstance, src: string): Promise<string | null> {
  const key = keyFromSrc(src);
  return key && (await app.storage.head(key)) ? key : null;
}

/** The storage key of one of our upload URLs, relative or absolute on our public origin. */
function ownUploadKey(app: FastifyInstance, src: string): string | null {
  const direct = keyFromSrc(src);
  if (direct) return direct;
  try {
    const url = new URL(src);
    return url.origin === new URL(app.config.publicUrl).origin ? keyFromSrc(url.pathname) : null;
  } catch {
    return null;
  }
}

/**
 * Removes stored files by their URLs (anything not one of ours is left alone); failures
 * are logged, as the rows are gone already.
 */
export async function removeUploads(
  app: FastifyInstance,
  srcs: Array<string | null>,
): Promise<void> {
  for (const src of srcs) {
    const key = src ? ownUploadKey(app, src) : null;
    if (!key) continue;
    await app.storage.delete(key).catch((err: unknown) => {
      app.log.error({ err, key }, 'could not remove an uploaded file');
    });
  }
}
