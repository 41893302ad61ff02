import { imagesApi, uploadsApi } from '../../../common/api/images.ts';
import { buildPath } from '../../../common/api/contract.ts';
import type { UploadResult } from '../../../common/schemas/upload.ts';
import { callApi, uploadRaw } from '../../lib/api.ts';
import { useWrite } from '../../lib/invalidate.ts';
import { activityQueries } from '../activity/api.ts';
import { track } from '../analytics/index.ts';
import { itemQueries } from '../items/api.ts';
import { endpointQuery } from '../../lib/endpoint-query.ts';

export const imageQueries = {
  all: () => ['images'] as const,
  /** An item's images, newest first. */
  forItem: (itemId: string) =>
    endpointQuery([...imageQueries.all(), 'item', itemId] as const, imagesApi.list, {
      params: { id: itemId },
    }),
};

const writes = () => [imageQueries.all(), itemQueries.all(), activityQueries.all()];

/**
 * Uploads the file (raw body), then adds it to the item with its size and thumbnail. With a
 * key, adding it is idempotent: a queued return sent twice adds its photo once.
 */
export async function addImage(itemId: string, file: Blob, idempotencyKey?: string) {
  const name = file instanceof File && file.name ? file.name : 'image';
  const path = buildPath(uploadsApi.upload.path, { filename: name });
  // Typed, not parsed, like every other answer callApi() reads: zod stays off the phone.
  const uploaded = (await uploadRaw(path, file)) as UploadResult;
  return callApi(
    imagesApi.create,
    {
      params: { id: itemId },
      body: {
        src: uploaded.url,
        width: uploaded.width,
        height: uploaded.height,
        thumbnail_src: uploaded.thumbnail_url,
      },
    },
    idempotencyKey ? { idempotencyKey } : {},
  );
}

export function useAddImage() {
  return useWrite(
    writes(),
    ({ itemId, file }: { itemId: string; file: File }) => addImage(itemId, file),
    { after: () => track('user_added_image_to_an_item') },
  );
}

export function useDeleteImage() {
  return useWrite(
    writes(),
    ({ itemId, id }: { itemId: string; id: string }) =>
      callApi(imagesApi.remove, { params: { itemId, id } }),
    { after: () => track('user_deleted_image_from_an_item') },
  );
}
