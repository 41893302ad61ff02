import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { imagesApi, uploadsApi } from '../../../common/api/images.ts';
import { buildPath } from '../../../common/api/contract.ts';
import type { UploadResult } from '../../../common/schemas/upload.ts';
import { callApi, uploadRaw } from '../../lib/api.ts';
import { track } from '../analytics/index.ts';

export const imageQueries = {
  all: () => ['images'] as const,
  /** An item's images, newest first. */
  forItem: (itemId: string) =>
    queryOptions({
      queryKey: [...imageQueries.all(), 'item', itemId] as const,
      queryFn: () => callApi(imagesApi.list, { params: { id: itemId } }),
    }),
};

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: imageQueries.all() }),
      queryClient.invalidateQueries({ queryKey: ['items'] }),
      queryClient.invalidateQueries({ queryKey: ['activity'] }),
    ]);
}

/** Uploads the file (raw body), then adds it to the item with its size and thumbnail. */
export function useAddImage() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ itemId, file }: { itemId: string; file: File }) => {
      const path = buildPath(uploadsApi.upload.path, { filename: file.name || 'image' });
      // Typed, not parsed, like every other answer callApi() reads: zod stays off the phone.
      const uploaded = (await uploadRaw(path, file)) as UploadResult;
      return callApi(imagesApi.create, {
        params: { id: itemId },
        body: {
          src: uploaded.url,
          width: uploaded.width,
          height: uploaded.height,
          thumbnail_src: uploaded.thumbnail_url,
        },
      });
    },
    onSuccess: () => {
      track('user_added_image_to_an_item');
      return invalidate();
    },
  });
}

export function useDeleteImage() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ itemId, id }: { itemId: string; id: string }) =>
      callApi(imagesApi.remove, { params: { itemId, id } }),
    onSuccess: () => {
      track('user_deleted_image_from_an_item');
      return invalidate();
    },
  });
}
