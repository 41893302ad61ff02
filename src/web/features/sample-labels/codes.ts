import { generateLabelCodes, scanLink } from '../../../common/label-code.ts';

// Generation lives with the other label-code rules; the sample sheet re-exports it.
export { generateLabelCodes };

/** The most labels one sheet may hold; beyond that a browser tab struggles with the PDF. */
export const SAMPLE_LABELS_MAX = 10_000;
export const SAMPLE_LABELS_DEFAULT = 100;
/** Spec section 9: 30 labels in the preview, QR image size 300. */
export const PREVIEW_COUNT = 30;
export const PREVIEW_QR_SIZE = 300;
/** The download's fixed file name. */
export const CSV_FILE_NAME = 'yardkeep-labels.csv';

/** The sample-labels CSV: columns link and id, one label a row. */
export function labelsCsv(codes: readonly string[], publicUrl: string): string {
  const rows = codes.map((code) => `${csvField(scanLink(publicUrl, code))},${code}`);
  return ['link,id', ...rows].join('\r\n') + '\r\n';
}

// Codes are [0-9A-Z]; a PUBLIC_URL could hold a comma or a quote, so quote when needed.
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
