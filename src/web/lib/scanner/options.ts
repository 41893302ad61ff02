/**
 * What a camera scan needs, and the camera scanner's rules: a camera
 * (or its config) and a success callback; a scan box of at least 50 px; a camera config
 * of at most one key, a facing mode (user or environment) or a device id; at least one
 * supported format. Plain TS so the rules are unit-tested without a browser.
 */

/** The product scans 10 frames a second (the library default is 2). */
export const SCAN_FPS = 10;
/** A decoded code is not acted on again for this long. */
export const RESCAN_LOCK_MS = 500;
/** The smallest scan box the scanner accepts, in video pixels. */
export const MIN_BOX_PX = 50;
/** The default scan box, as a share of the shorter side of the video. */
export const DEFAULT_BOX_SHARE = 0.8;

export type FacingMode = 'user' | 'environment';

/** Which camera: a facing mode (a preference, not a demand) or one device. */
export type CameraChoice = { facingMode: FacingMode } | { deviceId: string };

export type BarcodeFormatName = 'qr_code';
export const SUPPORTED_FORMATS: readonly BarcodeFormatName[] = ['qr_code'];

export interface ScanOptions {
  camera: CameraChoice;
  /** Frames decoded per second. */
  fps: number;
  /** Side of the square scan box in video pixels; by default a share of the shorter side. */
  box?: number;
  formats: readonly string[];
  onDecode: (text: string) => void;
}

export const DEFAULT_CAMERA: CameraChoice = { facingMode: 'environment' };

/** Every broken rule as a plain sentence; empty when the options are usable. */
export function checkScanOptions(options: Partial<ScanOptions> | undefined): string[] {
  const errors: string[] = [];
  if (!options?.camera) errors.push('A camera or camera config is required.');
  else errors.push(...checkCamera(options.camera));
  if (typeof options?.onDecode !== 'function') errors.push('A success callback is required.');
  if (options?.box !== undefined && !(Number.isFinite(options.box) && options.box >= MIN_BOX_PX)) {
    errors.push(`The scan box must be at least ${MIN_BOX_PX} px.`);
  }
  if (options?.fps !== undefined && !(Number.isFinite(options.fps) && options.fps > 0)) {
    errors.push('Frames per second must be a positive number.');
  }
  const formats = options?.formats ?? [];
  if (!formats.some((f) => (SUPPORTED_FORMATS as readonly string[]).includes(f))) {
    errors.push('At least one supported format is required.');
  }
  return errors;
}

function checkCamera(camera: object): string[] {
  const keys = Object.keys(camera);
  if (keys.length !== 1)
    return ['The camera config must have exactly one key: facingMode or deviceId.'];
  const [key] = keys;
  const value = (camera as Record<string, unknown>)[key!];
  if (key === 'facingMode') {
    return value === 'user' || value === 'environment'
      ? []
      : ['The facing mode must be user or environment.'];
  }
  if (key === 'deviceId') {
    return typeof value === 'string' && value !== ''
      ? []
      : ['The device id must be a non-empty text.'];
  }
  return [`Unknown camera config key ${key}: use facingMode or deviceId.`];
}

/** The getUserMedia constraints for a camera choice; a facing mode is only preferred. */
export function videoConstraints(camera: CameraChoice): MediaTrackConstraints {
  if ('deviceId' in camera) return { deviceId: { exact: camera.deviceId } };
  return {
    facingMode: { ideal: camera.facingMode },
    // A modest size decodes fast at 10 frames a second and is plenty for a label.
    width: { ideal: 1280 },
    height: { ideal: 720 },
  };
}

/** The scan box side for a video: the requested size or a share of the shorter side, at least MIN_BOX_PX. */
export function scanBoxSize(videoWidth: number, videoHeight: number, requested?: number): number {
  const shorter = Math.min(videoWidth, videoHeight);
  const side = requested ?? Math.round(shorter * DEFAULT_BOX_SHARE);
  return Math.max(MIN_BOX_PX, Math.min(side, shorter));
}
