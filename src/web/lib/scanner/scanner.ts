import { openCamera, releaseCamera } from './camera.ts';
import { loadQrDecoder, type QrDecoder } from './decoder.ts';
import { checkScanOptions, scanBoxSize, type ScanOptions } from './options.ts';
import { transition, type ScannerAction, type ScannerState } from './state.ts';

/** Photos are decoded at most this many pixels on their longer side. */
const PHOTO_MAX_SIDE = 1600;

export interface ScannerCallbacks {
  onState?: (state: ScannerState) => void;
  /** Camera and decoder failures; the scanner has stopped when this is called. */
  onError?: (error: Error) => void;
}

/** Timings for the speed figures; read by the bench script through the video element. */
export interface ScannerStats {
  frames: number;
  decodeMsTotal: number;
  decodeMsMax: number;
  /** From start() to the first frame with a code in it; null until then. */
  firstDecodeMs: number | null;
}

/**
 * A camera QR scanner on one <video> element: opens the camera, crops the scan box out
 * of a frame SCAN_FPS times a second, decodes it and reports every text found. The state
 * machine of state.ts decides which calls are allowed; stop() (and any failure) always
 * releases the camera.
 */
export class CameraScanner {
  private current: ScannerState = 'not-started';
  private stream: MediaStream | null = null;
  private decoder: QrDecoder | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private canvas: HTMLCanvasElement | null = null;
  /** Bumped by start() and stop(), so a camera that opens after a stop is released at once. */
  private session = 0;
  private startedAt = 0;
  readonly stats: ScannerStats = {
    frames: 0,
    decodeMsTotal: 0,
    decodeMsMax: 0,
    firstDecodeMs: null,
  };

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly options: ScanOptions,
    private readonly callbacks: ScannerCallbacks = {},
  ) {
    const errors = checkScanOptions(options);
    if (errors.length > 0) throw new Error(errors.join(' '));
  }

  get state(): ScannerState {
    return this.current;
  }

  get decoderKind(): QrDecoder['kind'] | null {
    return this.decoder?.kind ?? null;
  }

  /** Opens the camera and begins decoding; resolves once frames are being read. */
  async start(): Promise<void> {
    this.move('start');
    const session = ++this.session;
    this.startedAt = performance.now();
    performance.mark('scanner:start');
    try {
      // The decoder downloads while the user answers the camera prompt.
      const [stream, decoder] = await Promise.all([
        openCamera(this.options.camera),
        loadQrDecoder(),
      ]);
      if (session !== this.session) {
        releaseCamera(stream);
        return;
      }
      this.stream = stream;
      this.decoder = decoder;
      this.video.srcObject = stream;
      this.video.muted = true;
      this.video.playsInline = true;
      await this.video.play();
      if (session !== this.session) return;
      this.schedule(0);
    } catch (error) {
      if (session !== this.session) return;
      this.stop();
      this.callbacks.onError?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  pause(): void {
    this.move('pause');
  }

  resume(): void {
    this.move('resume');
  }

  /** Stops decoding and turns the camera off. Calling it when already stopped does nothing. */
  stop(): void {
    if (this.current === 'not-started') return;
    this.move('stop');
    this.session++;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    releaseCamera(this.stream);
    this.stream = null;
    this.video.srcObject = null;
  }

  /** Decodes a still image (a photo of a label); only while the camera is off. */
  async scanFile(file: Blob): Promise<string[]> {
    this.move('scanFile');
    const bitmap = await createImageBitmap(file);
    try {
      // A phone photo has far more pixels than a label needs; fewer decode much faster.
      const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(bitmap.width * scale);
      canvas.height = Math.round(bitmap.height * scale);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const decoder = await loadQrDecoder();
      return await decoder.decode(ctx.getImageData(0, 0, canvas.width, canvas.height));
    } finally {
      bitmap.close();
    }
  }

  private move(action: ScannerAction): void {
    const next = transition(this.current, action);
    if (next === this.current) return;
    this.current = next;
    this.callbacks.onState?.(next);
  }

  private schedule(delay: number): void {
    const session = this.session;
    this.timer = setTimeout(() => void this.tick(session), delay);
  }

  /** One frame: decode when scanning, then come back 1/fps after this frame began. */
  private async tick(session: number): Promise<void> {
    const began = performance.now();
    if (this.current === 'scanning') {
      const image = this.grabBox();
      if (image) await this.decodeFrame(image);
    }
    if (session !== this.session) return;
    const interval = 1000 / this.options.fps;
    this.schedule(Math.max(0, interval - (performance.now() - began)));
  }

  /** The scan box, centred in the current frame, as pixels; null before the first frame. */
  private grabBox(): ImageData | null {
    const { videoWidth: w, videoHeight: h } = this.video;
    if (this.video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA || w === 0 || h === 0)
      return null;
    const side = scanBoxSize(w, h, this.options.box);
    this.canvas ??= document.createElement('canvas');
    if (this.canvas.width !== side) {
      this.canvas.width = side;
      this.canvas.height = side;
    }
    // willReadFrequently keeps the canvas in memory, where getImageData is cheap.
    const ctx = this.canvas.getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(this.video, (w - side) / 2, (h - side) / 2, side, side, 0, 0, side, side);
    return ctx.getImageData(0, 0, side, side);
  }

  private async decodeFrame(image: ImageData): Promise<void> {
    const began = performance.now();
    let texts: string[] = [];
    try {
      texts = await this.decoder!.decode(image);
    } catch (error) {
      // A frame the decoder chokes on is not worth stopping for.
      console.debug('QR decode failed for one frame', error);
    }
    const took = performance.now() - began;
    const s = this.stats;
    s.frames++;
    s.decodeMsTotal += took;
    s.decodeMsMax = Math.max(s.decodeMsMax, took);
    if (texts.length > 0 && s.firstDecodeMs === null) {
      s.firstDecodeMs = performance.now() - this.startedAt;
      performance.mark('scanner:first-decode');
    }
    // The state may have changed while decoding (stop, or a handler paused it).
    for (const text of texts) if (this.current === 'scanning') this.options.onDecode(text);
  }
}
