/**
 * The QR decoder. The browser's own BarcodeDetector is used when it exists and reads QR
 * codes (Chrome on Android and macOS, Safari 17+); elsewhere the barcode-detector
 * ponyfill runs ZXing compiled to WebAssembly. Both are loaded only when a scanner opens:
 * the ponyfill and its 1 MB .wasm are dynamic imports, never part of the first page load.
 */

/** What the scanner needs from a detector: the texts of the QR codes in an image. */
export interface QrDecoder {
  readonly kind: 'native' | 'zxing';
  decode(image: ImageData): Promise<string[]>;
}

interface DetectorLike {
  detect(image: ImageData): Promise<Array<{ rawValue: string }>>;
}
interface DetectorClass {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats(): Promise<readonly string[]>;
}

let loading: Promise<QrDecoder> | null = null;

/** The decoder, loaded once per page and shared by every scanner opened afterwards. */
export function loadQrDecoder(): Promise<QrDecoder> {
  loading ??= pickDecoder().catch((error: unknown) => {
    // A failed download (offline, say) may work on the next try.
    loading = null;
    throw error;
  });
  return loading;
}

async function pickDecoder(): Promise<QrDecoder> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native && (await supportsQr(native)))
    return wrap('native', new native({ formats: ['qr_code'] }));
  const { createZxingDetector } = await import('./zxing.ts');
  return wrap('zxing', await createZxingDetector());
}

async function supportsQr(detector: DetectorClass): Promise<boolean> {
  try {
    return (await detector.getSupportedFormats()).includes('qr_code');
  } catch {
    return false;
  }
}

function wrap(kind: QrDecoder['kind'], detector: DetectorLike): QrDecoder {
  return {
    kind,
    decode: async (image) => (await detector.detect(image)).map((code) => code.rawValue),
  };
}
