import { z } from 'zod';
import { singleLineText } from './common.ts';

/** 20 MB as the spec counts it (20 × 1048576 bytes). */
export const MAX_UPLOAD_BYTES = 20 * 1048576;

/** Content types the upload route advertises; the file's bytes decide what it really is. */
export const UPLOAD_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'application/octet-stream',
];

/** The client's filename is accepted for the spec's URL shape and never used in a path. */
export const uploadParams = z.strictObject({
  filename: singleLineText('The file name')
    .min(1, 'A file name is required')
    .max(200, 'The file name is too long'),
});

export const uploadResponse = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumbnail_url: z.string(),
});
export type UploadResult = z.infer<typeof uploadResponse>;
