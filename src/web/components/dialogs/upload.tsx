import { Image, Stack, Text } from '@mantine/core';
import { MAX_UPLOAD_BYTES } from '../../../common/schemas/upload.ts';
import { alert, confirm, showError } from './messages.tsx';
import { progressNotice } from './notify.ts';

/** For file inputs: only images can be picked (the type check below backs it up). */
export const IMAGE_ACCEPT = 'image/*';

export interface UploadImageOptions<T> {
  /** Does the upload; its result resolves the flow. */
  upload: (file: File) => Promise<T>;
  /** Where a failure goes; without it, the error dialog. */
  onError?: (error: unknown) => void;
}

/**
 * The upload flow: images only, at most 20 MB (a "File is
 * too large" dialog with only a "got it" button), a confirmation showing a preview, then
 * an "Uploading file..." message that is dismissed however the upload ends. Resolves
 * with the upload's result, or undefined when refused, cancelled or failed.
 */
export async function uploadImageFlow<T>(
  file: File,
  options: UploadImageOptions<T>,
): Promise<T | undefined> {
  if (!file.type.startsWith('image/')) {
    await alert('Only image files can be uploaded.', { title: 'Not an image' });
    return undefined;
  }
  if (file.size > MAX_UPLOAD_BYTES) {
    await alert(`${file.name} is larger than 20 MB.`, {
      title: 'File is too large',
      okLabel: 'got it',
    });
    return undefined;
  }
  const preview = URL.createObjectURL(file);
  try {
    const go = await confirm({
      title: 'Upload this image?',
      warning: (
        <Stack gap="xs" component="span">
          <Image src={preview} alt={`Preview of ${file.name}`} mah={300} fit="contain" />
          <Text size="sm" c="gray.7" component="span">
            {file.name}
          </Text>
        </Stack>
      ),
      yesLabel: 'Upload',
      noLabel: 'Cancel',
      safe: true,
    });
    if (!go) return undefined;
  } finally {
    URL.revokeObjectURL(preview);
  }
  const notice = progressNotice('Uploading file...');
  let result: T;
  try {
    result = await options.upload(file);
  } catch (error) {
    // Dismissed before the error is shown, so the spinner never sits behind the dialog.
    notice.done();
    if (options.onError) options.onError(error);
    else await showError(error);
    return undefined;
  }
  notice.done();
  return result;
}
