// qrcode is plain JavaScript that runs in both the browser and Node, like zod: the
// screen and the server's label PDFs draw codes from the same matrices.
import QRCode from 'qrcode';

/**
 * QR codes as module matrices, for drawing them as vectors: an SVG path on screen, filled
 * rectangles in the label PDF. Both draw each row's dark modules as horizontal runs,
 * which keeps the output a fraction of one shape per module.
 */
export type QrLevel = 'L' | 'M' | 'Q' | 'H';

/** Spec section 2: the header QR and the labels use error correction level M. */
export const QR_LEVEL: QrLevel = 'M';
/** The quiet zone scanners need around a code, in modules (the QR standard's minimum). */
export const QUIET_ZONE = 4;

export interface QrMatrix {
  /** Modules per side, without the quiet zone. */
  size: number;
  /** Dark modules as [row, first column, length], row by row. */
  runs: Array<[number, number, number]>;
}

export function qrMatrix(text: string, level: QrLevel = QR_LEVEL): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: level });
  const { size, data } = modules;
  const runs: Array<[number, number, number]> = [];
  for (let row = 0; row < size; row++) {
    let start = -1;
    for (let col = 0; col <= size; col++) {
      const dark = col < size && data[row * size + col] === 1;
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        runs.push([row, start, col - start]);
        start = -1;
      }
    }
  }
  return { size, runs };
}

/** An SVG path of the dark modules, offset by the quiet zone, in module units. */
export function qrSvgPath(matrix: QrMatrix, margin = QUIET_ZONE): string {
  return matrix.runs
    .map(([row, col, len]) => `M${col + margin} ${row + margin}h${len}v1h-${len}z`)
    .join('');
}
