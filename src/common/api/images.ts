import { z } from 'zod';
import { endpoint } from './contract.ts';
import { idParams, okSchema } from '../schemas/common.ts';
import { createImageBody, imageSchema, itemImageParams } from '../schemas/image.ts';
import { UPLOAD_CONTENT_TYPES, uploadParams, uploadResponse } from '../schemas/upload.ts';

export const uploadsApi = {
  upload: endpoint({
    method: 'POST',
    path: '/upload/:filename',
    tag: 'images',
    summary:
      'Upload an image (raw body, at most 20 MB; JPEG, PNG, WebP, GIF or AVIF, judged by its bytes). It is auto-rotated, stripped of metadata and given a thumbnail',
    access: 'inventory:write',
    params: uploadParams,
    rawBody: { contentTypes: UPLOAD_CONTENT_TYPES },
    response: uploadResponse,
    status: 201,
  }),
};

export const imagesApi = {
  list: endpoint({
    method: 'GET',
    path: '/inventory/items/:id/images',
    tag: 'images',
    summary: "An item's images, newest first",
    access: 'item:read',
    params: idParams,
    response: z.array(imageSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: '/inventory/items/:id/images',
    tag: 'images',
    summary: 'Add an uploaded image to an item (width and height default to 100)',
    access: 'inventory:write',
    params: idParams,
    body: createImageBody,
    response: imageSchema,
    status: 201,
    // A return queued offline carries its damage photo; sent twice, it is added once.
    idempotent: true,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/inventory/items/:itemId/images/:id',
    tag: 'images',
    summary: 'Remove an image from an item and delete its files',
    access: 'inventory:write',
    params: itemImageParams,
    response: okSchema,
  }),
};
