import { useMemo } from 'react';
import { QR_LEVEL, QUIET_ZONE, qrMatrix, qrSvgPath, type QrLevel } from './qr-matrix.ts';

export interface QrCodeProps {
  value: string;
  /** Rendered side in CSS pixels, quiet zone included. */
  size: number;
  level?: QrLevel;
  /** What a screen reader says; the encoded text by default. */
  label?: string;
}

/**
 * A QR code as one crisp SVG path on a white square (dark on light, with the quiet zone,
 * so it scans from a screen in dark mode too).
 */
export function QrCode({ value, size, level = QR_LEVEL, label }: QrCodeProps) {
  const { path, side } = useMemo(() => {
    const matrix = qrMatrix(value, level);
    return { path: qrSvgPath(matrix), side: matrix.size + 2 * QUIET_ZONE };
  }, [value, level]);
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${side} ${side}`}
      role="img"
      aria-label={label ?? value}
      shapeRendering="crispEdges"
      // Shrinks with a narrow container, keeping its square shape.
      style={{ display: 'block', background: '#fff', maxWidth: '100%', height: 'auto' }}
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
