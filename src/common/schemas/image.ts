import { z } from 'zod';
import { idSchema, timestampSchema } from './common.ts';

/** The spec creates images 100 by 100 when the caller does not say. */
export const DEFAULT_IMAGE_SIZE = 100;
const MAX_DIMENSION = 100_000;

export const imageSchema = z.object({
  id: idSchema,
  item_id: idSchema,
  src: z.string(),
  thumbnail_src: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  updated_at: timestampSchema,
});
export type Image = z.infer<typeof imageSchema>;

const uploadSrc = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(300, `${label} is too long`);

const dimension = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(MAX_DIMENSION, `${label} is too large`);

/** `src` (and `thumbnail_src`) must be URLs returned by POST /upload. */
export const createImageBody = z.strictObject({
  src: uploadSrc('src'),
  thumbnail_src: uploadSrc('thumbnail_src').nullish(),
  width: dimension('width').optional(),
  height: dimension('height').optional(),
});

export const itemImageParams = z.strictObject({ itemId: idSchema, id: idSchema });
