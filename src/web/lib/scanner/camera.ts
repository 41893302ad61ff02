import { videoConstraints, type CameraChoice } from './options.ts';

/** The camera error texts the product specifies, verbatim. */
export const CAMERA_ERRORS = {
  insecure: 'Camera access is only supported in secure context like https or localhost.',
  unsupported: 'Camera streaming is not supported.',
  userMedia: 'Error getting user media.',
  devices: 'Unable to query devices.',
} as const;

/** A camera failure whose message is one of CAMERA_ERRORS; `cause` keeps the browser's reason. */
export class CameraError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CameraError';
  }
}

/**
 * Opens the camera. Browsers expose getUserMedia only in secure contexts (https,
 * localhost, 127.0.0.1), so that is checked first to give the more useful message.
 * The device list is read first too: a phone without any camera fails there instead of
 * in a permission prompt.
 */
export async function openCamera(camera: CameraChoice): Promise<MediaStream> {
  if (typeof window !== 'undefined' && window.isSecureContext === false) {
    throw new CameraError(CAMERA_ERRORS.insecure);
  }
  const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
  if (!media || typeof media.getUserMedia !== 'function') {
    throw new CameraError(CAMERA_ERRORS.unsupported);
  }
  if (typeof media.enumerateDevices === 'function') {
    let devices: MediaDeviceInfo[];
    try {
      devices = await media.enumerateDevices();
    } catch (cause) {
      throw new CameraError(CAMERA_ERRORS.devices, { cause });
    }
    // Before permission some browsers list devices without kinds; only an explicit
    // empty list of video inputs is treated as "no camera".
    if (devices.length > 0 && !devices.some((d) => d.kind === 'videoinput')) {
      throw new CameraError(CAMERA_ERRORS.userMedia);
    }
  }
  try {
    return await media.getUserMedia({ video: videoConstraints(camera), audio: false });
  } catch (cause) {
    throw new CameraError(CAMERA_ERRORS.userMedia, { cause });
  }
}

/** Stops every track, which turns the camera (and its light) off. */
export function releaseCamera(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
