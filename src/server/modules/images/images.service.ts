import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { DEFAULT_IMAGE_SIZE, type Image } from '../../../common/schemas/image.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { recordActivity, type Actor } from '../activity/activity.repo.ts';
import { itemsRepo } from '../items/items.repo.ts';
import { findItemRef } from '../items/item-ref.ts';
import { itemChangesRepo } from '../items/item-changes.repo.ts';
import { existingUploadKey, removeUploads } from '../uploads/uploads.service.ts';
import { imagesRepo, type ImageRow } from './images.repo.ts';

export async function listItemImages(app: FastifyInstance, itemId: string): Promise<Image[]> {
  await findItemRef(app.db, itemId);
  return imagesRepo.listForItem(app.db, itemId);
}

export interface NewImageInput {
  src: string;
  thumbnail_src?: string | null | undefined;
  width?: number | undefined;
  height?: number | undefined;
}

/**
 * Adds an uploaded file to an item. The src must be one of our own upload URLs whose file
 * exists, so an image can never point at another site or at a path of the client's
 * choosing; and a file belongs to one image only, since deleting the image deletes it.
 */
export async function addImage(
  app: FastifyInstance,
  itemId: string,
  input: NewImageInput,
  actor: Actor,
): Promise<Image> {
  if (!(await existingUploadKey(app, input.src))) {
    throw badRequest('src must be the url of a file uploaded with POST /upload.', 'unknown_upload');
  }
  const thumbnail = input.thumbnail_src ?? null;
  if (thumbnail !== null && !(await existingUploadKey(app, thumbnail))) {
    throw badRequest(
      'thumbnail_src must be the thumbnail_url of a file uploaded with POST /upload.',
      'unknown_upload',
    );
  }
  const now = nowIso();
  const image: ImageRow = {
    id: newId(),
    item_id: itemId,
    src: input.src,
    thumbnail_src: thumbnail,
    width: input.width ?? DEFAULT_IMAGE_SIZE,
    height: input.height ?? DEFAULT_IMAGE_SIZE,
    created_at: now,
    updated_at: now,
  };
  await app.db.transaction().execute(async (trx) => {
    const item = await findItemRef(trx, itemId);
    const files = thumbnail === null ? [input.src] : [input.src, thumbnail];
    if (await imagesRepo.usesAnyOf(trx, files)) {
      throw conflict('This file is already used by an image.', 'upload_in_use');
    }
    await imagesRepo.insert(trx, image);
    await itemChangesRepo.touch(trx, itemId, now);
    await recordImageActivity(trx, 'CREATE', image, item.name, actor);
  });
  return image;
}

/** Removes the row (and its feed entry) first; the files go only once that is committed. */
export async function deleteImage(
  app: FastifyInstance,
  itemId: string,
  id: string,
  actor: Actor,
): Promise<void> {
  const image = await app.db.transaction().execute(async (trx) => {
    const found = await imagesRepo.find(trx, itemId, id);
    if (!found) throw notFound('Image');
    const item = await itemsRepo.ref(trx, itemId);
    await imagesRepo.delete(trx, id);
    await itemChangesRepo.touch(trx, itemId, nowIso());
    await recordImageActivity(trx, 'DELETE', found, item?.name ?? null, actor);
    return found;
  });
  await removeImageFiles(app, [image]);
}

/**
 * Deletes the stored files of images whose rows are gone: after an image's deletion, and
 * after the transaction that deleted an item (and with it, its image rows) has committed.
 */
export async function removeImageFiles(
  app: FastifyInstance,
  images: Array<Pick<ImageRow, 'src' | 'thumbnail_src'>>,
): Promise<void> {
  await removeUploads(
    app,
    images.flatMap((image) => [image.src, image.thumbnail_src]),
  );
}

async function recordImageActivity(
  trx: Transaction<Database>,
  action: 'CREATE' | 'DELETE',
  image: ImageRow,
  itemName: string | null,
  actor: Actor,
): Promise<void> {
  await recordActivity(trx, {
    type: 'IMAGE',
    action,
    actor,
    sourceId: image.id,
    ref: { id: image.id, item_id: image.item_id, src: image.src, name: itemName },
  });
}
