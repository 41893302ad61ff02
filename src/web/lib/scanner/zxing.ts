// Imported only through decoder.ts's dynamic import(): this module, the ponyfill and the
// .wasm below form the scanner chunk that the first page load never fetches.
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * ZXing's WebAssembly reader behind the BarcodeDetector interface. By default zxing-wasm
 * fetches its .wasm from a CDN, which the Content-Security-Policy (connect-src 'self')
 * and offline sites both refuse, so it is served from our own origin by Vite instead.
 */
export async function createZxingDetector(): Promise<BarcodeDetector> {
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith('.wasm') ? wasmUrl : prefix + path,
    },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}
