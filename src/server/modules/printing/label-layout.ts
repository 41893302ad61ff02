import type { LabelPreset } from '../../../common/label-presets.ts';
import { qrMatrix, type QrMatrix } from '../../../common/qr-matrix.ts';

/**
 * Where the QR code and the text go on one label of a preset, in millimetres from the
 * label's top-left corner. The QR symbol keeps a quiet zone of QUIET modules inside its
 * square, on top of the label's padding, so neighbours on a sheet never touch it.
 */
export const QUIET = 2;

export interface LabelGeometry {
  /** Square holding the QR code with its quiet zone. */
  qr: { x: number; y: number; size: number };
  text: { x: number; y: number; width: number; height: number };
  /** Placards: a band across the bottom for the code in large type. */
  codeBand: { x: number; y: number; width: number; height: number } | null;
  module: number;
  matrix: QrMatrix;
}

export function labelGeometry(preset: LabelPreset, link: string): LabelGeometry {
  const { width: W, height: H } = preset.label;
  const p = preset.padding;
  const matrix = qrMatrix(link, preset.qrLevel);
  if (preset.layout === 'side') {
    const band = preset.kind === 'placard' ? H * 0.2 : 0;
    const size = Math.min(H - 2 * p - band, W * preset.qrShare);
    const gap = Math.max(1, p);
    const x = p + size + gap;
    return {
      qr: { x: p, y: band ? p : (H - size) / 2, size },
      text: { x, y: p, width: W - x - p, height: H - 2 * p - band },
      codeBand: band ? { x: p, y: H - p - band, width: W - 2 * p, height: band } : null,
      module: size / (matrix.size + 2 * QUIET),
      matrix,
    };
  }
  const reserve = Math.max(12, H * 0.28);
  const size = Math.min(W - 2 * p, H - 2 * p - reserve);
  const textY = p + size + 0.5;
  return {
    qr: { x: (W - size) / 2, y: p, size },
    text: { x: p, y: textY, width: W - 2 * p, height: H - textY - p },
    codeBand: null,
    module: size / (matrix.size + 2 * QUIET),
    matrix,
  };
}

/** Printed width of the symbol itself, without its quiet zone. */
export const symbolWidth = (g: LabelGeometry) => g.module * g.matrix.size;
