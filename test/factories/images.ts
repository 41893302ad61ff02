import type { FastifyInstance } from 'fastify';
import { newId, nowIso } from '../../src/server/lib/ids.ts';
import { processImage } from '../../src/server/lib/images.ts';
import { storeNew, UPLOADS_URL_PREFIX } from '../../src/server/lib/storage.ts';
import { imagesRepo, type ImageRow } from '../../src/server/modules/images/images.repo.ts';
import { pngImage } from '../fixtures/images.ts';

/** A stored upload (image and thumbnail files), as POST /upload leaves it. */
export async function buildUpload(app: FastifyInstance) {
  const image = await processImage(await pngImage());
  const key = await storeNew(app.storage, image.bytes, image.extension);
  const thumbnailKey = await storeNew(app.storage, image.thumbnail, image.thumbnailExtension);
  return {
    url: `${UPLOADS_URL_PREFIX}/${key}`,
    thumbnail_url: `${UPLOADS_URL_PREFIX}/${thumbnailKey}`,
    key,
    thumbnailKey,
  };
}

/** An image of the item, with real files behind it. */
export async function buildImage(
  app: FastifyInstance,
  itemId: string,
  overrides: { updated_at?: string } = {},
): Promise<ImageRow> {
  const upload = await buildUpload(app);
  const now = overrides.updated_at ?? nowIso();
  const row: ImageRow = {
    id: newId(),
    item_id: itemId,
    src: upload.url,
    thumbnail_src: upload.thumbnail_url,
    width: 64,
    height: 48,
    created_at: now,
    updated_at: now,
  };
  await imagesRepo.insert(app.db, row);
  return row;
}
